import { configKeys } from '../../core/config/keys';
import type { PosConfig } from '../../core/config/schema';
import type { TerminalProfile } from '../../../shared/app';
import type { TaxRate } from './included-taxes';
import type { Merchant } from './receipt-input';

/** What the settings put on every receipt of this terminal, read once from the config. */
export interface ReceiptSettings {
  merchant: Merchant;
  terminal: { id: string; name: string };
  vat: TaxRate;
  /** Taxes included in hotel prices besides VAT. */
  hotelTaxes: TaxRate[];
  hotelPolicy: string | null;
  /** The terminal profile's footer. */
  footerLines: string[];
  /** The profile whose built-in footer `footerLines` still is (so it is printed in the sale's language); null once it was changed. */
  builtInFooter: TerminalProfile | null;
  ticketStubs: boolean;
}

const lines = (text: string): string[] => text.split('|').map((line) => line.trim()).filter((line) => line !== '');

export function receiptSettingsFrom(config: Pick<PosConfig, 'merchant' | 'terminal' | 'printer' | 'receipt'>): ReceiptSettings {
  const { merchant } = config;
  const profile = config.terminal.profile;
  return {
    merchant: {
      name: merchant.name,
      addressLines: lines(merchant.address),
      // The built-in phone only exists because the partner's hold needs a contact: it is nobody's number.
      phone: merchant.phone === configKeys['merchant.phone'].default ? null : merchant.phone,
      tin: merchant.tin === '' ? null : merchant.tin,
    },
    terminal: { id: config.terminal.id, name: config.terminal.name },
    vat: { label: 'VAT', ratePercent: merchant.vatRate },
    hotelTaxes: merchant.hotelTaxes,
    hotelPolicy: merchant.hotelPolicy === '' ? null : merchant.hotelPolicy,
    footerLines: lines(config.receipt.footer[profile]),
    builtInFooter: config.receipt.footer[profile] === configKeys[`receipt.footer.${profile}`].default ? profile : null,
    ticketStubs: config.printer.ticketStubs,
  };
}
