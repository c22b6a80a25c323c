import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { installModalFocusTrap } from '../lib/modalFocusTrap';

export interface DialogProps {
  title: ReactNode;
  /** Id of the title, which names the dialog; a generated one when omitted. */
  titleId?: string;
  /** Extra classes of the title (e.g. 'text-break' for a long advertisement title). */
  titleClassName?: string;
  /** Shown unless false: most dialogs are mounted only while open. */
  show?: boolean;
  size?: 'lg' | 'xl';
  scrollable?: boolean;
  /** Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  onExited?: () => void;
  /** The buttons under the body; no footer when omitted. */
  footer?: ReactNode;
  footerClassName?: string;
  children: ReactNode;
}

/**
 * A dialog: the title (an h2 that names it), the body and the buttons. Escape and 'Schließen'
 * close it, Tab stays inside (lib/modalFocusTrap) and focus returns to what opened it.
 */
export function Dialog({ wrap, ...props }: DialogProps & { wrap?: (content: ReactNode) => ReactNode }) {
  const generatedId = useId();
  const titleId = props.titleId ?? generatedId;
  useEffect(installModalFocusTrap, []);
  const content = (
    <>
      <Modal.Header closeButton closeLabel="Schließen">
        <Modal.Title id={titleId} as="h2" className={props.titleClassName ? `h5 ${props.titleClassName}` : 'h5'}>
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{props.children}</Modal.Body>
      {props.footer ? <Modal.Footer className={props.footerClassName}>{props.footer}</Modal.Footer> : null}
    </>
  );
  return (
    <Modal
      show={props.show ?? true}
      onHide={props.onClose}
      onExited={props.onExited}
      centered
      size={props.size}
      scrollable={props.scrollable}
      aria-labelledby={titleId}
    >
      {wrap ? wrap(content) : content}
    </Modal>
  );
}

/**
 * Why a form was not sent — `problem`, a German sentence from the form's own check ('Bitte füllen
 * Sie alle Felder aus!' …) — or else the server's refusal, under the fields. One at a time: while
 * the form's own check fails, an earlier refusal of the server is out of date.
 */
export function FormErrorSummary({
  problem,
  problemVariant = 'danger',
  error,
}: {
  problem?: string | null | undefined;
  problemVariant?: 'danger' | 'warning' | undefined;
  error?: Error | string | null | undefined;
}) {
  const text = problem || (typeof error === 'string' ? error : error?.message);
  if (!text) return null;
  return (
    <Alert variant={problem ? problemVariant : 'danger'} className="mt-3 mb-0" role="alert">
      {text}
    </Alert>
  );
}

/** A button that is disabled and shows a spinner while its request runs. */
export function PendingButton({ pending, disabled, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button {...props} disabled={pending || disabled}>
      {pending ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

export interface FormModalProps extends Omit<DialogProps, 'footer'> {
  /** Enter or the submit button; the browser's own submit never happens. Absent when `actions` decide. */
  onSubmit?: () => void;
  submitLabel?: ReactNode;
  submitVariant?: ButtonProps['variant'];
  /** The request runs: the submit button is disabled and shows a spinner. */
  pending?: boolean;
  /** Disabled for another reason (e.g. nothing chosen yet). */
  submitDisabled?: boolean;
  /** Why the form was not sent (shown under the fields). */
  problem?: string | null | undefined;
  problemVariant?: 'danger' | 'warning';
  /** The server's refusal. */
  error?: Error | string | null | undefined;
  /** Focus 'Abbrechen' on opening (a confirmation: the safe choice first). */
  focusCancel?: boolean;
  /** Buttons instead of the submit button (e.g. two decisions). */
  actions?: ReactNode;
  /** The browser's own checks of required fields (false: the form checks and says what is missing). */
  nativeValidation?: boolean;
  /** Once sent: what happened, in place of the fields; only 'Schließen' remains. */
  done?: ReactNode;
}

/**
 * A dialog with a form: fields as children, the error summary under them, 'Abbrechen' and the
 * submit button with its pending state.
 */
export function FormModal({
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  pending = false,
  submitDisabled = false,
  problem,
  problemVariant,
  error,
  focusCancel = false,
  actions,
  nativeValidation = false,
  done,
  children,
  ...dialog
}: FormModalProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Dialog
      {...dialog}
      wrap={(content) => (
        <Form noValidate={!nativeValidation} onSubmit={submit}>
          {content}
        </Form>
      )}
      footer={
        done ? (
          <Button onClick={dialog.onClose} autoFocus>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={dialog.onClose} autoFocus={focusCancel}>
              Abbrechen
            </Button>
            {actions ?? (
              <PendingButton type="submit" variant={submitVariant} pending={pending} disabled={submitDisabled}>
                {submitLabel}
              </PendingButton>
            )}
          </>
        )
      }
    >
      {done ?? (
        <>
          {children}
          <FormErrorSummary problem={problem} problemVariant={problemVariant} error={error} />
        </>
      )}
    </Dialog>
  );
}

/** A confirmation: what will happen, then 'Abbrechen' (focused) or the action. */
export function ConfirmModal({
  confirmLabel,
  confirmVariant = 'danger',
  onConfirm,
  ...props
}: Omit<FormModalProps, 'onSubmit' | 'submitLabel' | 'submitVariant' | 'actions'> & {
  confirmLabel: ReactNode;
  confirmVariant?: ButtonProps['variant'];
  onConfirm: () => void;
}) {
  return (
    <FormModal focusCancel {...props} onSubmit={onConfirm} submitLabel={confirmLabel} submitVariant={confirmVariant} />
  );
}
