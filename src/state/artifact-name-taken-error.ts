/**
 * The artifact service refused a save because this workflow run already has an artifact of that name: another
 * job's state, this job's own earlier one, or an upload of it that never finished (which holds the name unlisted).
 */
export class ArtifactNameTakenError extends Error {
  readonly artifactName: string;

  constructor(artifactName: string, options?: ErrorOptions) {
    super(`this workflow run already has an artifact named ${artifactName}, and the artifact service keeps one artifact per name in a run`, options);
    this.name = new.target.name;
    this.artifactName = artifactName;
  }
}
