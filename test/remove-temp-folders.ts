import { afterAll } from 'vitest';
import { removeTempFolders } from './helpers/temp-folder';

// vitest setupFiles: run before each test file, so this afterAll is that file's last step.
afterAll(removeTempFolders);
