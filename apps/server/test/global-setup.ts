// Migrates one database before the run; every test app starts from a copy of it.
import { prepareTemplateDatabase } from '@tightlines/testkit/database';

export default prepareTemplateDatabase;
