// The specs' Open-Meteo is testkit's fake, the one the server tests and the benches use too
// (testkit/src/open-meteo.ts). The server under test gets its `url` and `archiveUrl`.
export { startFakeOpenMeteo as startOpenMeteoStub, type FakeOpenMeteo as OpenMeteoStub } from '@tightlines/testkit/open-meteo';
