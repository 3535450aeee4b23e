import { z } from 'zod';

/** The built-in toolsets a plan may enable (`toolsets:`); each is built by `toolsetTools`. */
export const Toolset = z.enum(['math', 'files', 'github', 'http']).meta({
  description:
    'math: add, subtract, multiply, divide. files: read_file, list_files, search_files (inside the repository). github: pull request and issue reads, create_issue, add_comment, add_labels. http: http_get, http_post to `http.allow` prefixes.',
});
export type Toolset = z.infer<typeof Toolset>;
