// Stands in for `archiver` inside the action's bundle (tsconfig.json's `paths`; see README.md here).
const refuse = () => {
  throw new Error('plan-runner bundles no zip code: @actions/artifact was asked to zip an upload, and plan-runner uploads every state unzipped (skipArchive)');
};

export default { create: refuse };
