import { formJsonResponse, handleContactRequest, postOnlyResponse } from "~/server/forms/form-request.server";
import type { Route } from "./+types/api.contact";

/** POST /api/contact: the contact form as JSON `{ ok, title, message }`, for the browser and scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  return formJsonResponse(await handleContactRequest(request, context));
}

export const loader = () => postOnlyResponse("contact form");
