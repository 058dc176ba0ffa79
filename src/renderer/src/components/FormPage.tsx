import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { BACK_BUTTON } from './PageHeader';
import { MSG } from '../../../shared/messages';
import { ApiCallError } from '../api/query';
import { formErrorsOf, refusalToast } from '../api/results';
import { LoadState } from './DataTable';
import { useNotify } from './notify';
import { PageHeader } from './PageHeader';
import { useLeavePrompt } from './useLeavePrompt';
import { useFieldsAfterForm } from './useFieldsAfterForm';

export interface SaveOptions<V extends FieldValues> {
  /** Sends the values (a mutation); resolves the success toast's text; rejects with an ApiCallError when refused. */
  save(values: V): Promise<string>;
  /** Toast text of a refusal without the server's errorMsg. */
  errorFallback?: string;
  /** Server field names that differ from the form's (`{ gallery: 'images' }`). */
  serverFields?: Record<string, string>;
  /** Adjusts a refusal before it is shown (e.g. a taken email on its field). */
  mapRefusal?(e: { fields: Record<string, string>; toast: string }, err: ApiCallError): { fields: Record<string, string>; toast: string };
}

/** The submit handler of every form: validate (the form's resolver), save, toast; a refusal's field errors land on their fields. */
export function useSaveHandler<V extends FieldValues>(
  form: UseFormReturn<V>,
  { save, errorFallback = MSG.serverError, serverFields, mapRefusal }: SaveOptions<V>,
  onSaved: (values: V) => void,
) {
  const notify = useNotify();
  return form.handleSubmit(async (values) => {
    try {
      // An empty text: the save handed the user another step (a dialog of its own), nothing to announce.
      const msg = await save(values);
      if (msg) notify.success(msg);
      onSaved(values);
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      let shown = formErrorsOf(err.result, { fallback: errorFallback, aliases: serverFields });
      if (mapRefusal) shown = mapRefusal(shown, err);
      for (const [name, message] of Object.entries(shown.fields)) form.setError(name as Path<V>, { type: 'server', message });
      const toast = refusalToast(shown, { fallback: errorFallback, formFields: Object.keys(form.getValues()) });
      if (toast) notify.error(toast);
    }
  });
}

export interface FormFrameProps<V extends FieldValues> extends SaveOptions<V> {
  /** The form's accessible name. */
  label: string;
  form: UseFormReturn<V>;
  /** Where to go after a save (none: stay); a function is asked after the save (e.g. the new record's page). */
  navigateTo?: string | (() => string);
  submitLabel?: string;
  /** Clear: back to the form's default values (empty on create, the loaded record on edit). */
  clearable?: boolean;
  disabled?: boolean;
  /** Nothing to save: no buttons. */
  readOnly?: boolean;
  /** Shown between the fields and the buttons (e.g. upload progress). */
  footer?: ReactNode;
  /** The fields (and buttons) mount one task after the form (FormPage; useFieldsAfterForm says why). */
  deferFields?: boolean;
  /** Focus the first field once shown (default true). */
  focusFirst?: boolean;
  children: ReactNode;
}

/**
 * The frame every form page shares: focus on the first field, Enter submits, validation by the form's zod schema,
 * Save (and Clear), the save toast, the server's 422 field errors on their fields, navigation after the save,
 * and a prompt before leaving with unsaved changes.
 */
export function FormFrame<V extends FieldValues>(props: FormFrameProps<V>) {
  const { label, form, navigateTo } = props;
  const navigate = useNavigate();
  const ref = useRef<HTMLFormElement>(null);
  const { isDirty, isSubmitting } = form.formState;
  const allowLeaving = useLeavePrompt(isDirty && !props.disabled && !props.readOnly);
  const shown = useFieldsAfterForm(ref, props.deferFields === true, props.focusFirst !== false);

  const submit = useSaveHandler(form, props, (values) => {
    if (navigateTo) {
      allowLeaving();
      navigate(typeof navigateTo === 'function' ? navigateTo() : navigateTo);
    } else form.reset(values, { keepDirtyValues: false });
  });

  return (
    <Box component="form" ref={ref} noValidate onSubmit={submit} aria-label={label}>
      {shown && props.children}
      {shown && props.footer}
      {shown && !props.readOnly && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained" disabled={props.disabled || isSubmitting}>
            {props.submitLabel ?? 'Save'}
          </Button>
          {props.clearable && (
            <Button
              type="button"
              disabled={props.disabled || isSubmitting}
              onClick={() => form.reset(undefined, { keepDirtyValues: false })}
            >
              Clear
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

export interface FormPageProps<V extends FieldValues> extends FormFrameProps<V> {
  title: string;
  /** The list this form belongs to: Back To Lists, and where a save lands unless navigateTo says otherwise. */
  backTo: string;
  /** Loading the record to edit. */
  loading?: boolean;
  loadError?: string | null;
  /** Also toast the load error (true), or this text (the user form toasts the spec's 'Server error' and shows why). */
  toastLoadError?: boolean | string;
  onRetry?(): void;
  maxWidth?: number;
  /** Above the form inside the paper (e.g. a load error of the options). */
  notice?: ReactNode;
}

/** A form screen: the title with Back To Lists, the record's load state , then the form in its frame. */
export function FormPage<V extends FieldValues>({
  title,
  backTo,
  loading,
  loadError,
  toastLoadError,
  onRetry,
  maxWidth = 560,
  notice,
  ...frame
}: FormPageProps<V>) {
  const notify = useNotify();
  // The loaded record's form mounts in a deferred render, which React slices: mounted with the answer, the form was one
  // main-thread task of 80+ ms (issue 33). The load state stays until then.
  const waiting = useDeferredValue(!!loading);
  useEffect(() => {
    if (loadError && toastLoadError) notify.error(typeof toastLoadError === 'string' ? toastLoadError : loadError);
  }, [loadError, toastLoadError, notify]);
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} sx={BACK_BUTTON}>
            Back To Lists
          </Button>
        }
      />
      {loading || waiting || loadError ? (
        <LoadState loading={!!loading || waiting} error={loadError ?? null} onRetry={onRetry} />
      ) : (
        <Paper sx={{ p: 3, maxWidth }}>
          {notice}
          <FormFrame navigateTo={backTo} deferFields {...frame} />
        </Paper>
      )}
    </>
  );
}
