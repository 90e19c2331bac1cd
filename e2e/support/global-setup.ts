// Migrates one PGlite database before the run; each spec's server starts on a copy of it.
import { prepareTemplateDataDir } from '@tightlines/testkit/process';

export default prepareTemplateDataDir;
