/**
 * A merge's report tool as a shell script, not a `node` start (about 40 ms of CPU each in the suite): given the item
 * results on stdin (`{"results":["item 0 ok",…]}`), it prints the strings that start with `word` and a space, joined
 * as one JSON string, `"item 0 ok; item 1 ok"` (a failed item's null is left out).
 */
export function joinResultsScript(word: string): string {
  if (!/^[a-z]+$/.test(word)) throw new Error(`joinResultsScript: '${word}' must be lower-case letters, as the script quotes it as is`);
  return `input=$(cat)
joined=
while :; do
  case $input in *'"${word} '*) ;; *) break ;; esac
  input=\${input#*'"${word} '}
  item=\${input%%'"'*}
  joined="\${joined:+$joined; }${word} $item"
  input=\${input#*'"'}
done
printf '"%s"' "$joined"
`;
}
