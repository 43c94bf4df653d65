/**
 * Every configuration key with its environment variable and command-line flag. The loader, the
 * error messages and the README's table all come from this one list.
 */
export const configKeys = {
  'terminal.id': { env: 'POS_TERMINAL_ID', flag: 'terminal-id', default: 'T01', help: 'The till’s number, printed on receipts and stored on every record; each till of a business needs its own (head office tells them apart by it). Also under Staff → Settings → Terminal number, until the till’s first shift.' },
  'terminal.name': { env: 'POS_TERMINAL_NAME', flag: 'terminal-name', default: 'Counter 1', help: 'Name shown on screen and on receipts.' },
  'terminal.profile': { env: 'POS_PROFILE', flag: 'profile', default: 'counter', help: 'counter, front-desk or kiosk.' },
  'terminal.lockMinutes': { env: 'POS_LOCK_MINUTES', flag: 'lock-minutes', default: 10, help: 'Counter and front desk: minutes untouched before the screen locks behind the signed-in person\'s PIN (0: never).' },
  'merchant.name': { env: 'POS_MERCHANT_NAME', flag: 'merchant-name', default: 'Lobby POS', help: 'Business name at the top of every receipt.' },
  'merchant.email': { env: 'POS_MERCHANT_EMAIL', flag: 'merchant-email', default: 'tickets@lobbypos.example', help: 'Contact the partner gets with ticket holds (before a customer is known).' },
  'merchant.phone': { env: 'POS_MERCHANT_PHONE', flag: 'merchant-phone', default: '+2348000000000', help: 'Phone the partner gets with ticket holds, printed on receipts once it is not this default.' },
  'merchant.address': { env: 'POS_MERCHANT_ADDRESS', flag: 'merchant-address', default: '', help: 'Address printed on receipts; | starts a new line. Empty: no address line.' },
  'merchant.tin': { env: 'POS_MERCHANT_TIN', flag: 'merchant-tin', default: '', help: 'Tax identification number printed on receipts (e.g. 12345678-0001). Empty: none printed.' },
  'merchant.vatRate': { env: 'POS_MERCHANT_VAT_RATE', flag: 'merchant-vat-rate', default: 7.5, help: 'VAT percent included in prices; receipts show its part. 0 switches the VAT line off.' },
  'merchant.hotelTaxes': { env: 'POS_MERCHANT_HOTEL_TAXES', flag: 'merchant-hotel-taxes', default: '', help: 'Further taxes included in hotel prices, shown on hotel receipts: "Consumption tax=5; Service charge=10".' },
  'merchant.hotelPolicy': { env: 'POS_MERCHANT_HOTEL_POLICY', flag: 'merchant-hotel-policy', default: '', help: 'Cancellation policy printed on hotel receipts (the partner sends none). Empty: none printed.' },
  'partner.baseUrl': { env: 'POS_PARTNER_URL', flag: 'partner-url', default: '', help: 'Partner API base URL; empty = training mode on the embedded sandbox.' },
  'partner.experiencePrefix': { env: 'POS_PARTNER_EXPERIENCE_PREFIX', flag: 'partner-experience-prefix', default: '/v1', help: 'Path prefix of the experience (cinema) endpoints (the live service: /v1; its documentation: /api/v1).' },
  'partner.hotelPrefix': { env: 'POS_PARTNER_HOTEL_PREFIX', flag: 'partner-hotel-prefix', default: '/v2', help: 'Path prefix of the hotel endpoints.' },
  'partner.slug': { env: 'POS_PARTNER_SLUG', flag: 'partner-slug', default: 'partner', help: "The service's own name in every partner path." },
  'partner.timeoutMs': { env: 'POS_PARTNER_TIMEOUT_MS', flag: 'partner-timeout-ms', default: 15000, help: 'How long to wait for the partner before giving up on a call.' },
  'printer.interface': { env: 'POS_PRINTER', flag: 'printer', default: 'preview', help: 'preview, tcp://host:port, printer:NAME or file:/path.' },
  'printer.type': { env: 'POS_PRINTER_TYPE', flag: 'printer-type', default: 'epson', help: 'epson or star (ESC/POS dialect).' },
  'printer.columns': { env: 'POS_PRINTER_COLUMNS', flag: 'printer-columns', default: 48, help: '48 for 80 mm paper, 32 for 58 mm.' },
  'printer.cashDrawer': { env: 'POS_PRINTER_CASH_DRAWER', flag: 'printer-cash-drawer', default: 'pin-2', help: 'The cash drawer on the printer\'s drawer port, opened as a cash sale\'s receipt, a cash refund\'s drawer slip, a cash in or out voucher or a no sale slip prints: pin-2 (most drawers), pin-5, or off.' },
  'printer.noSaleBy': { env: 'POS_PRINTER_NO_SALE_BY', flag: 'printer-no-sale-by', default: 'anyone', help: 'Who may open the cash drawer without a sale (No sale): anyone signed in, or supervisor.' },
  'printer.drawerSensor': { env: 'POS_PRINTER_DRAWER_SENSOR', flag: 'printer-drawer-sensor', default: 'off', help: 'The cash drawer\'s open/shut switch, read through the printer\'s drawer port: off (no sensor), open-when-high or open-when-low (which reading means open; Settings shows the reading).' },
  'printer.cashOutBy': { env: 'POS_PRINTER_CASH_OUT_BY', flag: 'printer-cash-out-by', default: 'anyone', help: 'Who may take cash out of the drawer (Cash out): anyone signed in, or supervisor.' },
  'printer.askStatus': { env: 'POS_PRINTER_ASK_STATUS', flag: 'printer-ask-status', default: 'yes', help: 'yes: a network printer is asked for its status (paper, cover) before and after each receipt, and nothing is sent until it answers ready; no: for a printer that never answers (a plain print server): receipts are sent without asking, and paper out or an open cover cannot be seen.' },
  'printer.ticketStubs': { env: 'POS_PRINTER_TICKET_STUBS', flag: 'printer-ticket-stubs', default: false, help: 'true: cinema receipts end with one tear-off stub per admission.' },
  'receipt.footer.counter': { env: 'POS_RECEIPT_FOOTER_COUNTER', flag: 'receipt-footer-counter', default: 'Thank you for your visit!', help: 'Last lines of receipts printed at a counter; | starts a new line.' },
  'receipt.footer.front-desk': { env: 'POS_RECEIPT_FOOTER_FRONT_DESK', flag: 'receipt-footer-front-desk', default: 'Thank you for booking with us!', help: 'Last lines of receipts printed at a hotel front desk; | starts a new line.' },
  'receipt.footer.kiosk': { env: 'POS_RECEIPT_FOOTER_KIOSK', flag: 'receipt-footer-kiosk', default: 'Keep this receipt: it is your proof of purchase.|Thank you!', help: 'Last lines of receipts printed at a self-service kiosk; | starts a new line.' },
  'kiosk.idleSeconds': { env: 'POS_KIOSK_IDLE_SECONDS', flag: 'kiosk-idle-seconds', default: 60, help: 'Kiosk: seconds without a touch before "Still there?" appears.' },
  'kiosk.warningSeconds': { env: 'POS_KIOSK_WARNING_SECONDS', flag: 'kiosk-warning-seconds', default: 20, help: 'Kiosk: seconds "Still there?" counts down before the screen resets and forgets the customer.' },
  'payments.terminal': { env: 'POS_PAYMENTS_TERMINAL', flag: 'payments-terminal', default: '', help: 'Card terminal: none (approval code; not at a kiosk), simulated (training only) or paystack:TERMINAL_ID. Empty: simulated in training mode, none with a live partner.' },
  'payments.paystackUrl': { env: 'POS_PAYSTACK_URL', flag: 'paystack-url', default: 'https://api.paystack.co', help: "Paystack's API base URL (a simulated terminal's in tests). The secret key is POS_PAYSTACK_SECRET_KEY or <dataDir>/paystack-secret-key (0600)." },
  'payments.paystackCustomer': { env: 'POS_PAYSTACK_CUSTOMER', flag: 'paystack-customer', default: '', help: 'Paystack customer code (CUS_...) card payments are raised for: a walk-in customer made once in the dashboard.' },
  'payments.timeoutSeconds': { env: 'POS_PAYMENTS_TIMEOUT_SECONDS', flag: 'payments-timeout-seconds', default: 45, help: 'Seconds the customer has at the card terminal before the payment is called off.' },
  'fleet.databaseUrl': { env: 'POS_FLEET_DATABASE_URL', flag: 'fleet-database-url', default: '', help: "Head office's PostgreSQL, postgres://user@host:5432/db (no password: POS_FLEET_PASSWORD); empty = this till stands alone." },
  'fleet.tls': { env: 'POS_FLEET_TLS', flag: 'fleet-tls', default: 'verify', help: 'TLS to head office: verify (certificate checked), require (encrypted, not checked) or off (loopback/private link only).' },
  'fleet.caFile': { env: 'POS_FLEET_CA_FILE', flag: 'fleet-ca-file', default: '', help: "CA certificate (PEM) that head office's server certificate is checked against; empty = the system's." },
  dataDir: { env: 'POS_DATA_DIR', flag: 'data-dir', default: null, help: "Where the journal, config.json and training data live; default: the platform's user-data folder." },
  locale: { env: 'POS_LOCALE', flag: 'locale', default: 'en-NG', help: 'Locale for dates and amounts.' },
} as const;

export type ConfigKey = keyof typeof configKeys;
export const configKeyNames = Object.keys(configKeys) as ConfigKey[];
