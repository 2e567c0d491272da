/**
 * The error with its stack cut to its name and message. An error our own
 * hooks throw (a refused request found after a test, a document that does not
 * load) says what happened and the fix; its frames point into AgentTwin's
 * sources, which the installed package does not ship, never at the user's code.
 * @example
 * if (refused.length > 0) throw stackless(new UnhandledRequestsError(refused))
 */
export function stackless<E extends Error>(error: E): E {
  error.stack = `${error.name}: ${error.message}`
  return error
}
