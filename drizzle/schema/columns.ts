import { integer } from "drizzle-orm/sqlite-core";

// Millisecond timestamps: Dates on both sides, sortable integers in D1.
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const timestamps = {
  createdAt: timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
};

export const id = () => integer("id").primaryKey({ autoIncrement: true });

// Relative, not `#core/`: drizzle-kit loads the schema without the project's path aliases.
export { LEARNING_GOALS, LEVELS, type LearningGoal, type Level } from "../../core/levels";
