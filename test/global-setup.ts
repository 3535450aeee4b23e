/** Prints the runtime once, so the test log shows the tests ran on the Node the action declares. */
export default function setup(): void {
  console.log(`plan-runner tests on Node ${process.version}`);
}
