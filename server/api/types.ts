import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import type { Env } from "../env";
import type { SessionUser } from "../services/auth";

export interface ApiEnv {
  Bindings: Env;
  Variables: { app: AppContext; user: SessionUser | null; viewer: Viewer<SessionUser> };
}
