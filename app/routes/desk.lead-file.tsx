import { createContext, data, type RouterContextProvider } from "react-router";
import { requireStaff, signedInContext } from "~/features/desk/desk-request.server";
import { type LeadFileAnswer, readLeadFile } from "~/features/desk/lead-files.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.lead-file";

export const handle = noScripts;

/*
 * GET (or HEAD) /desk/leads/:kind/:id/files/:fileId?expires=…&sig=…: one of a quote's files, from its lead page's
 * short-lived link (docs/desk.md#lead-files, decision 0080). As the desk's CSV downloads do, the file is
 * answered by this route's middleware, which has the session from the layout's; whoever may not have it
 * gets the desk's page: without a session the sign-in page (401), for a lead they may not see the 404
 * page, for an expired or altered link 403, for a file housekeeping deleted 410.
 */

/** The answer the middleware read, for the loader to throw its status without reading it again. */
const answerContext = createContext<LeadFileAnswer | null>(null);

async function answerOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: Route.LoaderArgs["params"],
): Promise<LeadFileAnswer | null> {
  const signedIn = context.get(signedInContext);
  if (!signedIn) return null;
  const known = context.get(answerContext);
  if (known) return known;
  const { services } = requestContextOf(context);
  const answer = await readLeadFile(services, signedIn.staff, params, new URL(request.url).searchParams);
  context.set(answerContext, answer);
  return answer;
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const answer = await answerOf(context, request, params);
    if (!answer || !("file" in answer)) return next();
    // HEAD: the download's headers (its name, type and length), as a browser or a download manager asks.
    if (request.method === "HEAD") {
      await answer.file.body?.cancel();
      return new Response(null, { status: answer.file.status, headers: answer.file.headers });
    }
    return answer.file;
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context);
  const answer = await answerOf(context, request, params);
  throw data(null, { status: answer && "status" in answer ? answer.status : 404 });
}

export default function DeskLeadFile() {
  return null;
}
