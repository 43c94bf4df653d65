import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configKeyNames, configKeys } from '../../electron/core/config/keys';

describe('README', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  it('documents every configuration key with its environment variable and flag', () => {
    for (const key of configKeyNames) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${key}\` |`));
      expect(row, key).toBeDefined();
      expect(row).toContain(`\`${configKeys[key].env}\``);
      expect(row).toContain(`\`--${configKeys[key].flag}\``);
    }
  });
});
