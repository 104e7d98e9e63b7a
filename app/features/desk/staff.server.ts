import { writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import { deskTables, type StaffRole } from "./tables.server";

/** A member of staff as the desk uses them. */
export interface Staff {
  id: number;
  email: string;
  role: StaffRole;
  branch: string | null;
  createdAt: string;
  disabledAt: string | null;
}

export const MAX_EMAIL_LENGTH = 254;

/** Trimmed and lower-cased, as staff addresses are stored and compared. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toStaff(row: {
  id: number;
  email: string;
  role: StaffRole;
  branch: string | null;
  created_at: string;
  disabled_at: string | null;
}): Staff {
  return {
    id: Number(row.id),
    email: row.email,
    role: row.role,
    branch: row.branch,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

const STAFF_COLUMNS = ["id", "email", "role", "branch", "created_at", "disabled_at"] as const;

export type AddOutcome = { status: "added" | "updated"; staff: Staff };

/**
 * Adds a member of staff, or changes the role and branch of one already there (and enables them
 * again if they were disabled). A rep needs a branch; managers and the owner have none.
 */
export async function addStaff(
  db: Database,
  input: { email: string; role: StaffRole; branch: string | null },
  now: Date = new Date(),
): Promise<AddOutcome> {
  const email = normalizeStaffEmail(input.email);
  const branch = input.role === "rep" ? input.branch : null;
  if (input.role === "rep" && !branch) throw new Error("a rep needs a branch");
  return writeTransaction(db, async (trx) => {
    const desk = deskTables(trx);
    const existing = await desk
      .selectFrom("desk_staff")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    if (existing) {
      const row = await desk
        .updateTable("desk_staff")
        .set({ role: input.role, branch, disabled_at: null })
        .where("id", "=", existing.id)
        .returning(STAFF_COLUMNS)
        .executeTakeFirstOrThrow();
      return { status: "updated", staff: toStaff(row) };
    }
    const row = await desk
      .insertInto("desk_staff")
      .values({ email, role: input.role, branch, created_at: isoTime(now), disabled_at: null })
      .returning(STAFF_COLUMNS)
      .executeTakeFirstOrThrow();
    return { status: "added", staff: toStaff(row) };
  });
}

export async function listStaff(db: Database): Promise<Staff[]> {
  const rows = await deskTables(db).selectFrom("desk_staff").select(STAFF_COLUMNS).orderBy("email").execute();
  return rows.map(toStaff);
}

export async function findStaffById(db: Database, id: number): Promise<Staff | null> {
  const row = await deskTables(db)
    .selectFrom("desk_staff")
    .select(STAFF_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toStaff(row) : null;
}

export async function findStaffByEmail(db: Database, email: string): Promise<Staff | null> {
  const row = await deskTables(db)
    .selectFrom("desk_staff")
    .select(STAFF_COLUMNS)
    .where("email", "=", normalizeStaffEmail(email))
    .executeTakeFirst();
  return row ? toStaff(row) : null;
}

/**
 * Disables a member of staff and ends every session of theirs; their unused sign-in links stop
 * working too (a disabled address gets no link and no session). Null: no such address.
 */
export async function disableStaff(
  db: Database,
  email: string,
  now: Date = new Date(),
): Promise<Staff | null> {
  return writeTransaction(db, async (trx) => {
    const desk = deskTables(trx);
    const row = await desk
      .updateTable("desk_staff")
      .set((eb) => ({ disabled_at: eb.fn.coalesce("disabled_at", eb.val(isoTime(now))) }))
      .where("email", "=", normalizeStaffEmail(email))
      .returning(STAFF_COLUMNS)
      .executeTakeFirst();
    if (!row) return null;
    await desk.deleteFrom("desk_sessions").where("staff_id", "=", row.id).execute();
    await desk.deleteFrom("desk_sign_in_links").where("staff_id", "=", row.id).execute();
    return toStaff(row);
  });
}
