import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ADMIN_MSG, AUSTRIAN_STATES, DISTRICT_NAME_MAX_LENGTH, type District } from '@pb/core';
import { useAllDistricts, useDistrictMutations } from './api/districts';
import { ErrorLine, Loading, PageHeader } from './components';
import { ActionsCell, cell, ResponsiveTable, type ListColumn } from './ResponsiveTable';
import { TextField } from '../../components/TextField';

const COLUMNS: readonly ListColumn[] = ['Name', 'Bundesland', { label: 'Aktionen', end: true }];

export function Component() {
  const districts = useAllDistricts();
  const { create, rename, remove } = useDistrictMutations();
  const [name, setName] = useState('');
  const [state, setState] = useState('');
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (districts.data ?? []).filter(
      (d) => !q || d.name.toLowerCase().includes(q) || d.state.toLowerCase().includes(q),
    );
  }, [districts.data, filter]);

  const fail = (e: Error) => setMessage({ kind: 'danger', text: e.message });

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMessage({ kind: 'danger', text: ADMIN_MSG.districtNameRequired });
    if (!state) return setMessage({ kind: 'danger', text: ADMIN_MSG.districtStateRequired });
    create.mutate(
      { name: name.trim(), state },
      {
        onSuccess: () => {
          setMessage({ kind: 'success', text: `Der Bezirk ${name.trim()} wurde angelegt.` });
          setName('');
        },
        onError: fail,
      },
    );
  };

  const saveRename = (d: District) => {
    if (!editing) return;
    if (!editing.name.trim()) return setMessage({ kind: 'danger', text: ADMIN_MSG.districtNameRequired });
    rename.mutate(
      { id: d.id, name: editing.name.trim() },
      {
        onSuccess: () => (setEditing(null), setMessage({ kind: 'success', text: 'Der Bezirk wurde umbenannt.' })),
        onError: fail,
      },
    );
  };

  return (
    <>
      <PageHeader title="Bezirke" />
      <section className="card shadow-sm mb-4">
        <div className="card-body">
          <h2 className="h6">Bezirk hinzufügen</h2>
          <Form className="row g-2 align-items-end" onSubmit={add}>
            <TextField
              id="district-name"
              className="col-sm-5"
              label="Name"
              value={name}
              maxLength={DISTRICT_NAME_MAX_LENGTH}
              onChange={setName}
            />
            <Form.Group className="col-sm-4" controlId="district-state">
              <Form.Label>Bundesland</Form.Label>
              <Form.Select value={state} onChange={(e) => setState(e.target.value)}>
                <option value="">Bitte wählen …</option>
                {AUSTRIAN_STATES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <div className="col-sm-3">
              <Button type="submit" disabled={create.isPending} className="w-100">
                Hinzufügen
              </Button>
            </div>
          </Form>
        </div>
      </section>
      {message ? (
        <div className={`alert alert-${message.kind}`} role={message.kind === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </div>
      ) : null}
      <ErrorLine error={districts.error} />
      <Form.Control
        type="search"
        className="mb-3"
        style={{ maxWidth: 360 }}
        placeholder="Bezirk oder Bundesland filtern"
        aria-label="Bezirk oder Bundesland filtern"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {districts.isPending ? (
        <Loading />
      ) : (
        <ResponsiveTable columns={COLUMNS} className="table table-sm">
          {shown.map((d) => (
            <tr key={d.id}>
              <td data-label="Name" className={cell.half}>
                {editing?.id === d.id ? (
                  <Form.Control
                    size="sm"
                    value={editing.name}
                    maxLength={DISTRICT_NAME_MAX_LENGTH}
                    aria-label={`Neuer Name für ${d.name}`}
                    onChange={(e) => setEditing({ id: d.id, name: e.target.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') saveRename(d);
                      if (e.key === 'Escape') setEditing(null);
                    }}
                  />
                ) : (
                  d.name
                )}
              </td>
              <td data-label="Bundesland" className={cell.half}>
                {d.state}
              </td>
              <ActionsCell>
                {editing?.id === d.id ? (
                  <>
                    <Button size="sm" onClick={() => saveRename(d)} disabled={rename.isPending}>
                      Speichern
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setEditing(null)}>
                      Abbrechen
                    </Button>
                  </>
                ) : (
                  <>
                    <Button size="sm" variant="outline-primary" onClick={() => setEditing({ id: d.id, name: d.name })}>
                      Umbenennen
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={remove.isPending}
                      aria-label={`${d.name} löschen`}
                      onClick={() =>
                        remove.mutate(d.id, {
                          onSuccess: () =>
                            setMessage({ kind: 'success', text: `Der Bezirk ${d.name} wurde gelöscht.` }),
                          onError: fail,
                        })
                      }
                    >
                      Löschen
                    </Button>
                  </>
                )}
              </ActionsCell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </>
  );
}
