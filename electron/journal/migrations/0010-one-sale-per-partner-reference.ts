/**
 * 10: one partner reference confirms one sale. A caching gateway can replay another sale's answer,
 * and a lookup that ignores our reference can return someone else's transaction; the sales domain
 * checks for both, and this is the journal refusing it by itself whatever code writes. A trigger
 * rather than a UNIQUE index, so that a till whose file already holds such a pair still opens (and
 * sells); the partial index keeps the check to one b-tree probe.
 */
export const oneSalePerPartnerReference = `
  CREATE INDEX sales_by_partner_reference ON sales (partner_reference) WHERE partner_reference IS NOT NULL;

  CREATE TRIGGER sales_partner_reference_once_insert BEFORE INSERT ON sales
  WHEN NEW.partner_reference IS NOT NULL
    AND EXISTS (SELECT 1 FROM sales WHERE partner_reference = NEW.partner_reference AND id <> NEW.id)
  BEGIN SELECT RAISE(ABORT, 'That partner reference already confirms another sale; one purchase is one sale.'); END;

  CREATE TRIGGER sales_partner_reference_once BEFORE UPDATE OF partner_reference ON sales
  WHEN NEW.partner_reference IS NOT NULL AND NEW.partner_reference IS NOT OLD.partner_reference
    AND EXISTS (SELECT 1 FROM sales WHERE partner_reference = NEW.partner_reference AND id <> NEW.id)
  BEGIN SELECT RAISE(ABORT, 'That partner reference already confirms another sale; one purchase is one sale.'); END;
`;
