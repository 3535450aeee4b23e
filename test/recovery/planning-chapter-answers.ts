import { textAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { INVENTED_URL } from '../fixtures/planning-chapter/plan-text.ts';

const QUESTION = "Did Larkford's bike share reduce car trips in the city centre?";
const WRITER = 'Write the report answering the question from the fetched pages; cite every sentence with [n]';

/** The planner's four fetches and the writer, as in the chapter: the tram URL is made up. */
export const PLAN_ANSWER: ScriptedReply = textAnswer(
  JSON.stringify({
    steps: [
      { id: 1, type: 'tool_call', tool: 'search', args: { query: QUESTION }, depends_on: [], description: 'Find sources', why: 'find sources' },
      { id: 2, type: 'tool_call', tool: 'fetch', args: { url: 'transport.larkford-uni.example/bike-share-car-trips' }, depends_on: [], description: 'Fetch the university study', why: 'the study that separates causes' },
      { id: 3, type: 'tool_call', tool: 'fetch', args: { url: 'larkford.gov/transport/bike-share-review-2024' }, depends_on: [], description: 'Fetch the annual review', why: 'the measured fall in car trips' },
      { id: 4, type: 'tool_call', tool: 'fetch', args: { url: INVENTED_URL }, depends_on: [], description: 'Fetch the tram opening page', why: 'when the tram opened' },
      { id: 5, type: 'aggregate', inputs: [2, 3, 4], description: WRITER, why: 'the report' },
    ],
    why: null,
  }),
);

/** The replanner replaces the guessed URL with a search for the tram page, and the writer with one that reads it. */
export const REPLAN_ANSWER: ScriptedReply = textAnswer(
  // Fenced, with prose around it: not every endpoint enforces the response format.
  'Here is the revised plan:\n```json\n' +
    JSON.stringify({
      steps: [
        { id: 6, type: 'tool_call', tool: 'read_top', args: { query: 'Larkford tram Line 2 opening' }, depends_on: [], description: 'Read the tram opening page', why: 'when the tram opened (the guessed URL does not exist)' },
        { id: 7, type: 'aggregate', inputs: [2, 3, 6], description: WRITER, why: 'the report' },
      ],
      why: 'search for the tram page instead of guessing its URL',
    }) +
    '\n```',
);

/** The writer's report, as in the chapter. */
export const REPORT_ANSWER: ScriptedReply = textAnswer(
  'City-centre car trips fell by 6% between 2022 and 2024 [2]. Tram Line 2 opened in September 2023 [3], and a comparison with similar districts attributes about 2.5% of the fall to the bike share (95% CI 0.8% to 4.2%) [1].',
);

/** A replacement that fails too: another guessed URL. */
export const FAILING_REPLAN_ANSWER: ScriptedReply = textAnswer(
  JSON.stringify({
    steps: [
      { id: 6, type: 'tool_call', tool: 'fetch', args: { url: 'larkford.gov/tram' }, depends_on: [], description: 'Fetch the tram page', why: 'another guess' },
      { id: 7, type: 'aggregate', inputs: [2, 3, 6], description: WRITER },
    ],
    why: 'try a shorter URL',
  }),
);
