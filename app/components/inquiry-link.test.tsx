// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { company } from "~/content/company";
import { inquiries } from "~/content/inquiries";
import { inquiryDrafts } from "~/lib/inquiry-drafts";
import { buildMailtoHref } from "~/lib/mailto";
import { InquiryLink } from "./inquiry-link";

function SamplesLink() {
  return <InquiryLink inquiry="sample" label="Ask for samples" />;
}

function Failed() {
  return <p>failed</p>;
}

function renderPage(loader: () => unknown) {
  const Stub = createRoutesStub([{ path: "/", loader, Component: SamplesLink, ErrorBoundary: Failed }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("InquiryLink", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("links to the draft the page's loader built", async () => {
    renderPage(() => ({ mailDrafts: inquiryDrafts(["quote", "sample"]) }));
    const link = await screen.findByRole("link", { name: "Ask for samples" });
    expect(link).toHaveAttribute("href", buildMailtoHref(company.email, inquiries.sample));
    expect(link).toHaveAttribute("data-inquiry", "sample");
  });

  it("fails the page when its loader left the draft out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage(() => ({ mailDrafts: inquiryDrafts(["quote"]) }));
    expect(await screen.findByText("failed")).toBeInTheDocument();
  });
});
