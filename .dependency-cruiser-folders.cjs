/**
 * No cycle between folders (`npm run lint:deps`, second pass): a folder that imports a folder that
 * imports it back is one unit in disguise. Test files are left out of this pass: nothing imports a
 * test, so it cannot close a real cycle — it only makes its folder look like one (a test beside a
 * module imports test/support, which builds the app from every module). Test support is included.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment: 'Folders depend on each other one way only.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: '(node_modules|dist)/|\\.test\\.tsx?$|\\.spec\\.ts$' },
  },
};
