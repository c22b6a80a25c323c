import { memo, useState } from 'react';
import type { District } from '@pb/core';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import styles from '../jobs.module.css';

/**
 * Districts dropdown with checkboxes (spec §2 view). Items are menu checkboxes, so
 * arrow keys move between them and Enter/Space toggles; the menu stays open while choosing.
 */
export const DistrictFilter = memo(function DistrictFilter({
  districts,
  selected,
  onChange,
}: {
  districts: readonly District[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('de');
  const visible = needle
    ? districts.filter(
        (d) => d.name.toLocaleLowerCase('de').includes(needle) || d.state.toLocaleLowerCase('de').includes(needle),
      )
    : districts;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <Dropdown autoClose="outside" className={styles.districtFilter}>
      <Dropdown.Toggle
        variant="outline-secondary"
        id="pb-district-toggle"
        className="w-100 d-flex align-items-center justify-content-between text-start"
      >
        <span className="text-truncate">
          {selected.length === 0
            ? 'Alle Bezirke'
            : selected.length === 1
              ? '1 Bezirk gewählt'
              : `${selected.length} Bezirke gewählt`}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className={`${styles.districtMenu} shadow`} aria-label="Bezirke">
        <div className="px-3 pt-1 pb-2">
          <Form.Control
            size="sm"
            type="search"
            placeholder="Bezirk suchen …"
            aria-label="Bezirk suchen"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {selected.length > 0 && (
          <>
            <Dropdown.Item as="button" type="button" className="small text-primary" onClick={() => onChange([])}>
              Auswahl zurücksetzen
            </Dropdown.Item>
            <Dropdown.Divider />
          </>
        )}
        <div className={styles.districtList}>
          {visible.map((district) => {
            const checked = selected.includes(district.id);
            return (
              <Dropdown.Item
                key={district.id}
                as="button"
                type="button"
                role="menuitemcheckbox"
                aria-checked={checked}
                active={false}
                className="d-flex align-items-center gap-2"
                onClick={() => toggle(district.id)}
              >
                <span className={checked ? `${styles.check} ${styles.checked}` : styles.check} aria-hidden="true" />
                <span className="text-truncate">{district.name}</span>
                <small className="ms-auto text-body-secondary ps-2">{district.state}</small>
              </Dropdown.Item>
            );
          })}
          {visible.length === 0 && (
            <Dropdown.ItemText className="small text-body-secondary">Kein Bezirk gefunden.</Dropdown.ItemText>
          )}
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
});
