import { describe, expect, it } from "vitest";
import { oneTypoApart } from "./site-catalogue.server";

describe("words one typo apart, as family names and descriptions are matched", () => {
  it.each([
    ["polyethylene", "polyethelene"],
    ["polyethylene", "polyehtylene"],
    ["polyethylene", "plyethylene"],
    ["polyethylene", "polyethylenee"],
    ["labels", "labels"],
  ])("%s and %s are", (a, b) => expect(oneTypoApart(a, b)).toBe(true));

  it.each([
    ["polyethylene", "polyurethane"],
    ["polyethylene", "plyethylen"],
    ["boxes", "bags"],
    ["ribbon", "ribbbbon"],
  ])("%s and %s are not", (a, b) => expect(oneTypoApart(a, b)).toBe(false));
});
