// node-postgres queues a query sent while its connection is still busy and warns once a process;
// pg 9 refuses it. Inside a transaction that means statements run side by side on its one
// connection (a Promise.all in a use case), so a suite that provokes the warning fails.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw new Error(`A query was sent on a busy PostgreSQL connection (side by side inside a transaction?): ${warning.message}`);
  }
});
