import { nodeIo } from './io.js';
import { run } from './program.js';

// A closed pipe (`puzzlekit demo | head`) is not an error: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), nodeIo());
