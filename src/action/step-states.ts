// The main step's saved states (`core.saveState`) that its post step reads before it loads the bundle,
// in a module of their own: src/post.ts names them as they are here, and the bench imports them without
// the action's modules.

/** Saved by the main step once it has written its reports: without it, the post step finishes the run from its trace. */
export const ENDED_STATE = 'ended';

/**
 * Saved by the main step after ENDED_STATE when no state is left to save (`stateLeftToSave`): the post step
 * then has nothing to do, and ends without loading the bundle, which would take as long as the main step's start.
 */
export const POST_IDLE_STATE = 'postIdle';
