// The loopback addresses the browser tests serve from: the player, a course page's origin and a
// stranger's. TEST_PORT moves all three (to TEST_PORT, +1, +2), so two checkouts on one machine can
// run their suites side by side without one testing the other's build.
const base = Number(process.env.TEST_PORT ?? 4317);

export const PLAYER_ORIGIN = `http://127.0.0.1:${base}`;
export const HOST_ORIGIN = `http://127.0.0.1:${base + 1}`;
export const THIRD_ORIGIN = `http://127.0.0.1:${base + 2}`;
export const TEST_PORTS = { player: base, host: base + 1, third: base + 2 };
