import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when it can find the runner's globals; say it here.
afterEach(cleanup);
