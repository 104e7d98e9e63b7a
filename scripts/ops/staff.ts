import { addStaff, disableStaff, listStaff, type Staff } from "~/features/desk/staff.server";
import { STAFF_ROLES, type StaffRole } from "~/features/desk/tables.server";
import { loadRouting } from "~/features/leads/routing/routing.server";
import { migrate } from "~/site/migrations.server";
import { commandMain, readArguments, runIfInvoked, UsageError } from "./cli";

export const USAGE = `Usage:
  npm run staff -- add EMAIL --role owner|manager|rep [--branch BRANCH]
  npm run staff -- list
  npm run staff -- disable EMAIL

Who may sign in to the sales desk at /desk (docs/desk.md), in the database DATABASE_URL names:
  add      adds a member of staff, or changes the role and branch of one already there (and
           enables them again); a rep needs --branch, one of the branches of content/routing.yaml
  list     every member of staff: address, role, branch, added, disabled
  disable  the address can no longer sign in; its sessions end at once
`;

export type StaffCommand =
  | { verb: "add"; email: string; role: StaffRole; branch: string | null }
  | { verb: "list" }
  | { verb: "disable"; email: string };

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

function checkEmail(value: string | undefined): string {
  const email = (value ?? "").trim().toLowerCase();
  if (!EMAIL.test(email)) throw new UsageError(`'${value ?? ""}' is not an e-mail address`);
  return email;
}

export function parseStaffCommand(argv: string[]): StaffCommand | "help" {
  const { values, positionals } = readArguments(argv, {
    role: { type: "string" },
    branch: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const [verb, address, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected '${extra.join(" ")}'`);
  if (verb === "add") {
    const email = checkEmail(address);
    const role = values.role as StaffRole | undefined;
    if (!role || !STAFF_ROLES.includes(role)) throw new UsageError("--role must be owner, manager or rep");
    const branch = values.branch?.trim().toLowerCase() || null;
    if (role === "rep" && !branch) throw new UsageError("a rep needs --branch");
    if (role !== "rep" && branch) throw new UsageError("--branch is for reps only");
    return { verb, email, role, branch };
  }
  if (values.role !== undefined || values.branch !== undefined)
    throw new UsageError("--role and --branch apply to add only");
  if (verb === "list" && address === undefined) return { verb };
  if (verb === "disable") return { verb, email: checkEmail(address) };
  throw new UsageError("expected 'add', 'list' or 'disable'");
}

/** One line per member of staff. */
export function formatStaff(staff: readonly Staff[]): string {
  if (staff.length === 0)
    return "staff: nobody yet (add someone with: npm run staff -- add EMAIL --role owner)\n";
  const width = Math.max(5, ...staff.map((member) => member.email.length));
  const header = `${"EMAIL".padEnd(width)}  ROLE     BRANCH   ADDED       DISABLED`;
  const lines = staff.map((member) =>
    [
      member.email.padEnd(width),
      member.role.padEnd(7),
      (member.branch ?? "-").padEnd(7),
      member.createdAt.slice(0, 10),
      member.disabledAt ? member.disabledAt.slice(0, 10) : "-",
    ].join("  "),
  );
  return `${header}\n${lines.join("\n")}\n`;
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain<StaffCommand>({
  name: "staff",
  usage: USAGE,
  parse: parseStaffCommand,
  async run(db, command, { io, env }) {
    await migrate(db);
    if (command.verb === "list") {
      io.stdout.write(formatStaff(await listStaff(db)));
      return 0;
    }
    if (command.verb === "disable") {
      const staff = await disableStaff(db, command.email);
      if (!staff) {
        io.stderr.write(`staff: no member of staff ${command.email}\n`);
        return 1;
      }
      io.stdout.write(`staff: ${staff.email} disabled; their sessions have ended\n`);
      return 0;
    }
    if (command.branch) {
      const branches = loadRouting(env).branches.map((branch) => branch.id);
      if (!branches.includes(command.branch)) {
        io.stderr.write(`staff: --branch must be one of ${branches.join(", ")}\n\n${USAGE}`);
        return 2;
      }
    }
    const { status, staff } = await addStaff(db, command);
    const where = staff.branch ? ` (${staff.branch})` : "";
    io.stdout.write(`staff: ${staff.email} ${status} as ${staff.role}${where}; they sign in at /desk\n`);
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
