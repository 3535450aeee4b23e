/** The part of a fanned-out run a job played, as its summary names it. */
export type FanOutRole = { readonly part: 'prepare'; readonly shards: number } | { readonly part: 'shard'; readonly shard: number; readonly shards?: number } | { readonly part: 'merge'; readonly shards?: number };

/** The note that opens a fanned-out job's summary: which part it ran and where the rest (and the goals) are. */
export function renderFanOutNote(role: FanOutRole): string {
  const of = (shards: number | undefined): string => (shards === undefined ? '' : ` of ${shards}`);
  const text =
    role.part === 'prepare'
      ? `**Prepare job** of a plan fanned out over ${role.shards} shard job${role.shards === 1 ? '' : 's'}: it ran what the fan-out steps need and assigned their items to the shards; the shard jobs run the items, the merge job runs the rest and checks the goals.`
      : role.part === 'shard'
        ? `**Shard ${role.shard}${of(role.shards)}** of a fanned-out run: it ran its share of the fan-out steps' items and nothing else; the merge job runs the rest and checks the goals (so this job's goals-met output is false).`
        : `**Merge job** of a fanned-out run${role.shards === undefined ? '' : ` over ${role.shards} shards`}: it built on the saved states of the prepare and shard jobs, ran no fan-out item itself, ran the rest and checked the goals.`;
  return `> [!NOTE]\n> ${text}\n\n`;
}
