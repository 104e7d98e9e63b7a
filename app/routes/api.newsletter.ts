import {
  formJsonResponse,
  handleNewsletterRequest,
  postOnlyResponse,
} from "~/server/forms/form-request.server";
import type { Route } from "./+types/api.newsletter";

/** POST /api/newsletter: the newsletter signup as JSON `{ ok, title, message }`. */
export async function action({ request, context }: Route.ActionArgs) {
  return formJsonResponse(await handleNewsletterRequest(request, context));
}

export const loader = () => postOnlyResponse("newsletter signup");
