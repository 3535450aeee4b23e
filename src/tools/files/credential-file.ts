import { nameAsRead } from './git-segment.ts';

/**
 * Whether a file name is one a workflow step leaves credentials in, inside the checkout: the key file
 * google-github-actions/auth writes at the workspace root (`gha-creds-<hex>.json`, by default, for every
 * later step and gcloud to read). Read through the files tools, a model told to by a pull request's text
 * could show or send it on. Read as the runners' file systems read names (`nameAsRead`): any case, trailing dots or spaces, a stream.
 */
export function isCredentialFile(name: string): boolean {
  const plain = nameAsRead(name);
  return plain.startsWith('gha-creds-') && plain.endsWith('.json');
}
