import { copyFile, mkdir, mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { ArtifactNameTakenError } from '../../src/state/artifact-name-taken-error.ts';

/**
 * A `RunStateStore` that keeps the artifacts of one workflow run in a temporary folder, as the
 * artifact service would, refusing a second artifact of the same name as the service does.
 */
export async function memoryStateStore(): Promise<RunStateStore & { readonly saved: StateArtifact[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-state-'));
  const saved: StateArtifact[] = [];
  return {
    saved,
    async save(name, file) {
      if (saved.some((artifact) => artifact.name === name)) throw new ArtifactNameTakenError(name);
      const artifact = { id: saved.length + 1, name, size: (await stat(file)).size };
      await copyFile(file, path.join(dir, String(artifact.id)));
      saved.push(artifact);
      return artifact;
    },
    list: async () => [...saved],
    async download(artifact, into) {
      // As the artifact client does: the folder is made.
      await mkdir(into, { recursive: true });
      const file = path.join(into, artifact.name);
      await copyFile(path.join(dir, String(artifact.id)), file);
      return file;
    },
  };
}
