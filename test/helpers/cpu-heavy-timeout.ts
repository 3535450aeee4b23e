/** How many times longer than its CPU time a computing test may take: on two cores at a load of 60, it gets a thirtieth of a core. */
const SHARE_OF_A_CORE = 30;

/**
 * The timeout of a test that computes for `cpuSeconds` of CPU (as measured alone), not vitest's 20 s, which is for
 * tests that mostly wait: on two cores at a load of 25-35 a test gets a fifteenth of a core, and one of 1.5 CPU-s
 * passed 20 s. It bounds nothing the test checks; a test that must bound its work counts it (runCpuBounded).
 */
export function cpuHeavyTimeout(cpuSeconds: number): number {
  return Math.max(20_000, Math.ceil(cpuSeconds * SHARE_OF_A_CORE) * 1000);
}
