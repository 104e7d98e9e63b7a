// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

function renderBoundaryFor(thrown: unknown, from: "render" | "loader" = "render") {
  const fail = () => {
    throw thrown;
  };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: from === "render" ? fail : () => null,
      loader: from === "loader" ? fail : undefined,
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("root error boundary", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("reads 'Unexpected Application Error!' with the error's message", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderBoundaryFor(new Error("Catalog data could not be read"));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unexpected Application Error!");
    expect(screen.getByText("Catalog data could not be read")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });

  it("shows the status and status text of a route error response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderBoundaryFor(data(null, { status: 503, statusText: "Service Unavailable" }), "loader");
    expect(await screen.findByText("503 Service Unavailable")).toBeInTheDocument();
  });

  it("shows the stack trace while developing", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubEnv("DEV", true);
    const { container } = renderBoundaryFor(new Error("boom"));
    expect(container.querySelector("pre")?.textContent).toContain("boom");
  });

  it("never shows a stack trace in production", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubEnv("DEV", false);
    const { container } = renderBoundaryFor(new Error("boom"));
    expect(container.querySelector("pre")).toBeNull();
    expect(container.textContent).not.toMatch(/at \w+ \(/);
  });
});
