import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "shots/",
      ".e2e-state*/",
      "migrations/meta/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      // The hook rules everywhere; the React Compiler's checks (the rest of the preset, which compile each
      // function and are most of lint's time) only where components live: see below.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-empty-object-type": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers' direction (docs/architecture.md): core imports nothing of ours; server and drizzle never
  // import app; app reaches server only from route modules and `.server` helpers (types anywhere).
  {
    files: ["core/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "\\#server/*", "\\#drizzle/*", "**/app/**", "**/server/**", "**/drizzle/**"],
              message: "core/ is shared by app and server and depends on neither (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts", "drizzle/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "**/app/**"],
              message: "server/ and drizzle/ never import app/: move what both need to core/ (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["drizzle/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "**/app/**", "\\#server/*", "**/server/**"],
              message: "The schema sits below the services: drizzle/ imports only core/ (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    // Route modules (the loaders and actions) and `.server` helpers are the adapters that may call services.
    ignores: [
      "app/root.tsx",
      "app/layouts/{main,public,auth}.tsx",
      "app/features/*/routes/**",
      "app/**/*.server.{ts,tsx}",
      "app/routes.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#server/*", "\\#drizzle/*", "**/server/**", "**/drizzle/**"],
              allowTypeImports: true,
              message:
                "Browser code reaches the server only through route modules and `.server` helpers; import types only (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
