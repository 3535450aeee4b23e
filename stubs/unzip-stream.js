// Stands in for `unzip-stream` inside the action's bundle (tsconfig.json's `paths`; see README.md here).
const refuse = () => {
  throw new Error('plan-runner bundles no unzip code: @actions/artifact was asked to unzip a download, and plan-runner downloads every state as it was saved (skipDecompress)');
};

export default { Extract: refuse, Parse: refuse };
