// s3rver in a process of its own for bench/blobs.mjs (in the bench's process it would share the event
// loop with the app it measures): sends its settings, then stops, starts and closes when told.
const { startS3Server } = await import('../apps/server/src/test/s3-server.ts');
const s3 = await startS3Server({ prefix: 'bench/' });
process.on('message', async (what) => {
  await s3[what]();
  process.send({ done: what });
  if (what === 'close') process.exit(0);
});
process.send({ env: s3.env, endpoint: s3.endpoint });
