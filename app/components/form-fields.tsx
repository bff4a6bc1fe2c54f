import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { Field } from "~/components/ui/field";

type TextType = "text" | "email" | "password" | "search" | "tel" | "url";

interface TextFieldProps extends Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "type" | "name" | "form" | "defaultValue"
> {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: TextType;
  hint?: React.ReactNode;
}

/** A `Field` wired to a Conform field: name, id, default value, constraints and errors. */
export function TextField({ meta, type = "text", label, hint, ...props }: TextFieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: false });
  return <Field key={key} label={label} hint={hint} errors={meta.errors} {...inputProps} {...props} />;
}

/** True while this page's form (optionally the one with this `intent`) is being submitted or redirected. */
export function useIsPending(intent?: string) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  return intent === undefined || navigation.formData.get("intent") === intent;
}
