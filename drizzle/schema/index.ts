export * from "./columns";
export * from "./users";
export * from "./catalogue";
export * from "./study";
export * from "./community";
export * from "./billing";
