import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The import rules of `npm run lint:deps` (.dependency-cruiser*.cjs) fail on what they forbid:
 * each case builds a small tree shaped like the server's, runs dependency-cruiser with the
 * project's own configuration on it, and reads the verdict.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
let dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A scratch repository with the project's configurations and these files. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-deps-'));
  dirs.push(dir);
  for (const config of ['.dependency-cruiser.cjs', '.dependency-cruiser-folders.cjs', 'tsconfig.base.json']) {
    cpSync(path.join(repo, config), path.join(dir, config));
  }
  mkdirSync(path.join(dir, 'apps/server/test'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function cruise(dir: string, config: string): Promise<{ failed: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [depcruise, 'apps/server/src', 'apps/server/test', '--config', config, '--no-progress'],
      { cwd: dir, env: { ...process.env, NODE_PATH: path.join(repo, 'node_modules') } },
      (error, stdout, stderr) => resolve({ failed: error !== null, output: `${stdout}${stderr}` }),
    );
  });
}

const S = 'apps/server/src';

describe('npm run lint:deps', () => {
  it('When two module folders import each other through different files (no file cycle), then the folder pass fails', async () => {
    const dir = tree({
      [`${S}/modules/billing/index.ts`]: "export { invoiceText } from './invoices';\n",
      [`${S}/modules/billing/invoices.ts`]:
        "import { bonusText } from '../placements';\nexport const invoiceText = () => bonusText();\n",
      [`${S}/modules/placements/index.ts`]: "export { bonusText } from './fees';\n",
      [`${S}/modules/placements/fees.ts`]: "export const bonusText = () => '20 %';\n",
      // Nothing imports report.ts: the cycle runs between the folders, not between files.
      [`${S}/modules/placements/report.ts`]:
        "import { invoiceText } from '../billing';\nexport const reportText = () => invoiceText();\n",
    });
    expect((await cruise(dir, '.dependency-cruiser.cjs')).failed).toBe(false);
    const folders = await cruise(dir, '.dependency-cruiser-folders.cjs');
    expect(folders.failed).toBe(true);
    expect(folders.output).toContain('no-folder-cycles');
    expect(folders.output).toContain(`${S}/modules/billing`);
  });

  it('When the same two modules import one way only, then both passes succeed', async () => {
    const dir = tree({
      [`${S}/modules/billing/index.ts`]: "export { invoiceText } from './invoices';\n",
      [`${S}/modules/billing/invoices.ts`]:
        "import { bonusText } from '../placements';\nexport const invoiceText = () => bonusText();\n",
      [`${S}/modules/placements/index.ts`]: "export { bonusText } from './fees';\n",
      [`${S}/modules/placements/fees.ts`]: "export const bonusText = () => '20 %';\n",
    });
    expect((await cruise(dir, '.dependency-cruiser.cjs')).failed).toBe(false);
    expect((await cruise(dir, '.dependency-cruiser-folders.cjs')).failed).toBe(false);
  });

  it("When a module imports another module's internal file, then the file pass fails", async () => {
    const dir = tree({
      [`${S}/modules/billing/invoices.ts`]:
        "import { bonusText } from '../placements/fees';\nexport const invoiceText = () => bonusText();\n",
      [`${S}/modules/placements/fees.ts`]: "export const bonusText = () => '20 %';\n",
    });
    const result = await cruise(dir, '.dependency-cruiser.cjs');
    expect(result.failed).toBe(true);
    expect(result.output).toContain('server-modules-through-index');
  });

  it('When a service imports a module or lib imports the database, then the floors fail', async () => {
    const dir = tree({
      [`${S}/modules/chat/index.ts`]: "export const chatText = () => 'Chat';\n",
      [`${S}/services/audit.ts`]:
        "import { chatText } from '../modules/chat';\nexport const auditText = () => chatText();\n",
      [`${S}/db/schema.ts`]: 'export const users = 1;\n',
      [`${S}/lib/errors.ts`]: "import { users } from '../db/schema';\nexport const error = () => users;\n",
    });
    const result = await cruise(dir, '.dependency-cruiser.cjs');
    expect(result.failed).toBe(true);
    expect(result.output).toContain('server-services-below-modules');
    expect(result.output).toContain('server-lib-stands-alone');
  });
});
