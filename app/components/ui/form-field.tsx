import { useId } from "react";
import { cn } from "~/utils/cn";
import { Label } from "./label";

export type FieldAria = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The attributes that tie a control to its label, description and errors; spread them on the
 * control: `<Input {...fieldAria("email", errors, true)} name="email" required />`.
 */
export function fieldAria(
  id: string,
  errors?: readonly string[] | null,
  description?: React.ReactNode,
): FieldAria {
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [
    description ? `${id}-description` : null,
    hasErrors ? `${id}-error` : null,
  ].filter(Boolean);
  return {
    id,
    "aria-invalid": hasErrors ? true : undefined,
    "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
  };
}

type FormFieldProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /** The control's id; defaults to `name`, then to a generated id. */
  id?: string;
  name?: string;
  /** Shows a visual '*' (the control itself still needs `required` from the caller). */
  required?: boolean;
  description?: React.ReactNode;
  errors?: readonly string[] | null;
  /** The control: either a node that already carries the ids, or a function that receives them. */
  children:
    React.ReactNode | ((field: FieldAria & { name: string | undefined }) => React.ReactNode);
};

/**
 * A labelled form field: label (with '*' when required), optional description, the control, and
 * the errors announced in an alert.
 *
 * ```tsx
 * <FormField label="Correo electrónico" name="email" required errors={fields.email.errors}>
 *   {(field) => <Input type="email" required aria-required {...field} />}
 * </FormField>
 * ```
 */
export function FormField({
  label,
  id,
  name,
  required = false,
  description,
  errors,
  children,
  className,
  ...props
}: FormFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? name ?? generatedId;
  const aria = fieldAria(fieldId, errors, description);
  const hasErrors = aria["aria-invalid"] === true;

  return (
    <div data-slot="form-field" className={cn("flex flex-col gap-1.5", className)} {...props}>
      <Label htmlFor={fieldId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </Label>
      {description ? (
        <p id={`${fieldId}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      {typeof children === "function" ? children({ ...aria, name }) : children}
      {hasErrors && errors ? (
        <p id={`${fieldId}-error`} className="text-sm text-danger" role="alert">
          {errors.map((error, index) => (
            <span key={index} className="block">
              {error}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
