/**
 * The fixed words of a sale's receipt in English: the catalogue every other language is typed
 * from (`ReceiptLabels`), so a key missing in one of them fails the typecheck. Text may carry any
 * letters (ẹ, ɗ, é): the receipt writer keeps what the code page has and transliterates the rest, and money is
 * always "NGN ..." (receipt-format.ts), never a Naira sign.
 */
export const en = {
  receiptNo: 'Receipt no.',
  date: 'Date',
  terminal: 'Terminal',
  cashier: 'Cashier',
  /** The cashier of a kiosk sale. */
  selfService: 'Self-service',
  shift: 'Shift',
  sale: 'Sale',
  reference: 'Reference',
  invoice: 'Invoice',
  total: 'TOTAL',
  /** "incl. VAT 7.5%": the tax's own label (settings) follows. */
  included: 'incl.',
  paidInCash: 'Paid in cash',
  cashReceived: 'Cash received',
  change: 'Change',
  paidByCard: 'Paid by card',
  /** Before the masked number when the scheme is not known: "CARD **** 1234". */
  card: 'CARD',
  approval: 'AUTH',
  paidByTransfer: 'Paid by transfer',
  transferRef: 'Transfer ref.',
  customer: 'Customer',

  cinemaTickets: 'CINEMA TICKETS',
  film: 'Film',
  cinema: 'Cinema',
  showDate: 'Show date',
  starts: 'Starts',
  ends: 'Ends',
  seats: 'Seats',
  seating: 'Seating',
  freeSeating: 'Free seating',
  each: (ticket: string, fee: string, commission: string) => `each: ticket ${ticket}, convenience fee ${fee}, commission ${commission}`,
  admit: (count: number) => `ADMIT ${count}`,
  showAtCinema: 'Show this receipt at the cinema entrance.',
  cinemaFooter: 'Tickets are valid for the date and showtime above only.',

  hotelBooking: 'HOTEL BOOKING',
  hotel: 'Hotel',
  tel: 'Tel',
  roomType: 'Room type',
  checkIn: 'Check-in',
  /** Under the check-in date: "from 14:00". */
  checkInFrom: 'from',
  checkOut: 'Check-out',
  /** Under the check-out date: "by 12:00". */
  checkOutBy: 'by',
  guests: 'Guests',
  bookingNo: 'Booking no.',
  ratePerNight: 'Rate per night',
  nightsTimesRooms: 'Nights x rooms',
  roomTotal: 'Room total',
  ref: 'Ref',
  showAtCheckIn: 'Show this receipt and your booking number at check-in.',
  cancellationPolicy: 'Cancellation policy',

  /** Printed instead of the terminal profile's footer while that footer is the built-in one. */
  footers: {
    counter: ['Thank you for your visit!'],
    'front-desk': ['Thank you for booking with us!'],
    kiosk: ['Keep this receipt: it is your proof of purchase.', 'Thank you!'],
  },

  copy: (number: number) => `COPY ${number}`,
  printed: (at: string, by: string | null) => `Printed ${at}${by ? ` by ${by}` : ''}`,
  notOriginal: 'Not the original',
  training: 'TRAINING',
  /** Under TRAINING on a sale's receipt and on a slip about a sale (its refund, its void). */
  trainingNote: 'Practice sale - nothing was bought, not valid',
  /** Under TRAINING on a paper that is about no sale: an X or Z report, a cash-in or cash-out voucher, a no-sale slip. */
  trainingPaperNote: 'Training - no real money, not valid',

  admitOne: 'ADMIT ONE',
  stubTicket: (category: string, number: number, of: number) => `${category}, ticket ${number} of ${of}`,
  stubReceipt: 'Receipt',
  stubCopy: (number: number) => `COPY ${number} - not the original`,
  stubTraining: 'TRAINING - not valid',

  /** A void's or refund's slip, the customer's copy (the drawer's stays English, for staff). */
  refundSlip: {
    refund: "REFUND",
    void: "VOID",
    customerCopy: "Customer copy",
    staff: "Staff",
    originalSale: "Original sale",
    what: "What",
    when: "When",
    paid: "Paid",
    refunded: "Refunded",
    voided: "Voided: the sale did not go through",
    givenBack: "Given back",
    paidBackBy: "Paid back by",
    reason: "Reason",
    note: "Note",
    askedBy: "Asked by",
    approvedBy: "Approved by",
    takenUp: "The cancellation is taken up with the cinema or hotel.",
    cashFromDrawer: "Cash from the drawer",
    card: "Card",
    transfer: "Bank transfer",
    ref: "ref",
    reasons: {
      'not-completed': "The sale did not go through",
      'wrong-sale': "Wrong film, show or room sold",
      'sold-twice': "Sold twice by mistake",
      'venue-cancelled': "Cancelled by the cinema or hotel",
      'customer-cancelled': "The customer cancelled",
      overcharged: "The customer was overcharged",
      other: "Another reason",
    },
  },

  /** Sunday first, as Date.getUTCDay counts. */
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

export type ReceiptLabels = typeof en;
