#!/usr/bin/env node
// Makes sure Debian's Chromium is at /usr/bin/chromium, the browser the end-to-end tests drive
// through playwright-core (which downloads no browser of its own). Run by `npm test` before e2e.
// Quick and silent-ish when it is already there; installs it with apt-get when running as root;
// otherwise says exactly what to install and exits 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function present() {
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (present()) {
  console.log(`Chromium found at ${CHROMIUM}.`);
  process.exit(0);
}

if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.error(
    `Chromium is missing: the end-to-end tests need ${CHROMIUM}.\n` +
      'Install it with:  sudo apt-get install chromium\n' +
      '(or run the tests as root, and this script installs it for you).',
  );
  process.exit(1);
}

function apt(args) {
  console.log(`$ apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`Could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`apt-get ${args[0]} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium package.`);
apt(['update']);
apt(['install', '-y', '--no-install-recommends', 'chromium']);

if (!present()) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
