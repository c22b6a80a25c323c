import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmModal, FormModal } from './FormModal';
import { TextField } from './TextField';

beforeAll(() => {
  // happy-dom lays nothing out: every element counts as shown for the focus trap.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
afterEach(cleanup);

/** A page with a button that opens a one-field dialog. */
function Page({ onSubmit = () => {}, ...props }: Partial<Parameters<typeof FormModal>[0]>) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Öffnen
      </button>
      <FormModal
        show={open}
        title="Suche speichern"
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        submitLabel="Speichern"
        {...props}
      >
        <TextField id="name" label="Name" value={name} onChange={setName} autoFocus />
      </FormModal>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Öffnen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suche speichern' });
  return { user, dialog };
}

describe('FormModal', () => {
  it('When Escape is pressed, then the dialog closes and focus returns to the button that opened it', async () => {
    render(<Page />);
    const { user } = await openDialog();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Öffnen' })));
  });

  it('When Tab leaves the last button, then focus wraps to the first control and Shift+Tab back', async () => {
    render(<Page />);
    const { user, dialog } = await openDialog();
    const submit = screen.getByRole('button', { name: 'Speichern' });
    const close = screen.getByRole('button', { name: 'Schließen' });
    submit.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(submit);
  });

  it('When the form has a problem or the server refused, then the summary says so in an alert', async () => {
    const { rerender } = render(<Page problem="Bitte füllen Sie alle Felder aus!" problemVariant="warning" />);
    await openDialog();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Bitte füllen Sie alle Felder aus!');
    expect(alert.className).toContain('alert-warning');
    rerender(<Page error={new Error('Der Name ist schon vergeben.')} />);
    expect(screen.getByRole('alert').textContent).toContain('Der Name ist schon vergeben.');
    expect(screen.getByRole('alert').className).toContain('alert-danger');
    rerender(<Page />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When submitted with Enter, then onSubmit runs once; while pending the button is disabled', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Page onSubmit={onSubmit} />);
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('Name'), 'Wien{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Page onSubmit={onSubmit} pending />);
    const submit = screen.getByRole('button', { name: 'Speichern' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmModal', () => {
  it('When it opens, then Abbrechen has focus; confirming calls onConfirm', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmModal title="Suchauftrag löschen" onClose={() => {}} confirmLabel="Löschen" onConfirm={onConfirm}>
        „Wien“ wird gelöscht.
      </ConfirmModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suchauftrag löschen' });
    expect(dialog.textContent).toContain('„Wien“ wird gelöscht.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abbrechen' })));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
