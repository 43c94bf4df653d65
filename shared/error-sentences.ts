import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The sentences main says when something cannot be done, in English (Nigeria), as ICU messages.
 * This is their one home: main formats them into `PosError.message` (logs, and any screen in
 * English), and the renderer's English catalogue spreads them, so every other catalogue must carry
 * each key in its own language (the compiler lists a missing one). A `PosError` made with
 * `saidError` names its sentence and values, and the screen says it in the reader's language.
 *
 * `{service}` is which partner service was in use: cinema, hotels or partner.
 */
export const errorSentences = {
  // ---- staff and sign-in ----
  'said.pinWrong': 'That PIN is not right. Try again.',
  'said.pinLocked': 'Too many wrong PINs for {name}. Their PIN is locked for {seconds, plural, one {# more second} other {# more seconds}}.',
  'said.pinNowLocked': 'That PIN is not right. After too many wrong PINs, sign-in for {name} is locked for {seconds, plural, one {# second} other {# seconds}}.',
  'said.signInFirst': 'Sign in first.',
  'said.pinNowLockedSignedOut': 'That PIN is not right. After too many wrong PINs, {name} is signed out and their PIN is locked for {seconds, plural, one {# second} other {# seconds}}.',
  'said.pinUnchanged': 'The new PIN is the one you have now. Choose a different one.',
  'said.supervisorOnly': 'Only a supervisor can do this. Ask a supervisor to sign in.',
  'said.supervisorOnlyTo':
    'Only a supervisor can {action, select, addStaff {add staff} exportJournal {export the journal} closeShift {close a shift} noSale {open the drawer without a sale} cashOut {take cash out of the drawer} other {do this}}. {action, select, noSale {Ask a supervisor to approve it with their PIN on this screen, or to sign in.} cashOut {Ask a supervisor to approve it with their PIN on this screen, or to sign in.} other {Ask a supervisor to sign in.}}',
  'said.staffAlreadySetUp': 'Staff are already set up on this till. Sign in with your PIN; a supervisor can add more staff.',
  'said.nameTaken': 'There is already someone called {name}.',
  'said.staffNotActive': 'That member of staff is not on file or no longer active.',
  'said.noSuchStaff': 'There is no such member of staff on this till.',
  'said.notYourself': 'You cannot deactivate yourself. Another supervisor can do it.',
  'said.lastSupervisor': '{name} is the last active supervisor, so they cannot be deactivated. Add or reactivate another supervisor first.',
  'said.saleIdReused': 'This sale was already sent with other details, so nothing new was sent. Look it up under Staff → Sales before selling anything again.',
  'said.kioskOwnSaleOnly': 'This screen can only show the sale made on it. Ask a member of staff for help with any other sale.',
  'said.notFromKiosk': 'Do this from a staffed counter, not from a kiosk.',

  // ---- shifts and the drawer ----
  'said.openShift': 'Open a shift before selling.',
  'said.kioskNotSelling': 'This kiosk is not selling yet: staff must open a shift first.',
  'said.noOpenShift': 'There is no open shift on this terminal. Open a shift first.',
  'said.shiftStillOpen': 'Shift {number} is still open on this terminal. Close it before opening another.',
  'said.drawerHoldsOnly': 'The drawer should only hold {amount}.',
  'said.saleInProgress': 'A sale is being completed right now. Close the shift once it has finished.',
  'said.noXReport': 'No shift is open, so there is no X report to print. Open a shift first.',

  // ---- taking the money ----
  'said.cashShort': 'The cash received does not cover the total of {total}.',
  'said.kioskCardOnly': 'This kiosk takes card payments only.',
  'said.kioskNoTerminal': 'This kiosk cannot take payments: no card terminal is set up on it. Please pay at the counter. (Staff: set payments.terminal.)',
  'said.kioskOwnTerminal': 'A kiosk takes cards on its own terminal only.',
  'said.noCardTerminal': 'This till has no card terminal to take the payment on.',
  'said.dobNeeded': 'Hotels need the guest’s date of birth.',
  'said.dobPast': 'The date of birth must be in the past.',
  'said.dobUnder18': 'The person booking a hotel room must be 18 or older on the check-in date.',
  'said.seatsOfAnotherSale': 'These seats already belong to sale {sale}. Hold the seats again for a new sale.',

  // ---- the partner ----
  'said.partnerOutcomeUnknown':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} did not confirm, so it is not known whether this went through. Do not sell it again: the till will check with the partner.',
  'said.partnerNotSetUp':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} is not set up on this till (API key or address missing), so nothing was sent. Call a supervisor.',
  'said.partnerUnreachable':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} could not be reached, so nothing was sent. Check the network and try again.',
  'said.partnerNotAnswering':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} is not answering. Check the network and try again.',
  'said.partnerBusy':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} is busy or down at the moment. Try again in a minute.',
  'said.partnerUnreadable':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} sent an answer the till cannot read. Try again; if it keeps happening, call a supervisor.',
  'said.partnerKeyRefused':
    "{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} refused this till's API key. Call a supervisor to check the partner settings.",
  'said.partnerGone':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} no longer has this. Refresh the list and choose again.',
  /** `{reason}` is the partner's own words, shown as they came. */
  'said.partnerRefused':
    '{service, select, cinema {The ticket service} hotels {The hotel booking service} other {The partner service}} refused this: {reason}',

  // ---- seats, tickets and rooms ----
  'said.holdExpired': 'The seats held for this sale were let go because time ran out. Start the sale again.',
  'said.ticketsShort': 'Not enough tickets are left for this. Choose fewer tickets or another category.',
  'said.roomsShort': 'Not enough rooms of this type are left. Choose fewer rooms or another room.',
  'said.holdForOtherTickets': 'The seats held are for other tickets. Hold the seats for this sale again.',
  'said.holdRanOutNotRenewed': 'The seats held for this sale ran out and could not be held again.',
  'said.holdRanOutSoldOut': 'The seats held for this sale ran out, and not enough are left to hold them again. Choose fewer tickets or another showtime.',
  'said.showDatePassed': 'That show date has passed.',
  'said.notAFilm': 'That is not a film showing at a cinema.',
  'said.notAFilmGoBack': 'That is not a film showing at a cinema. Go back to the film list.',
  'said.notShowingThere': 'This film is not showing at that cinema.',
  'said.notShowingThereChoose': 'This film is not showing at that cinema. Choose another cinema.',
  'said.showStarted': 'That showing started more than {minutes} minutes ago and is no longer sold. Choose a later showtime.',
  'said.notThatTime': 'The film is not showing at that time on that date. Choose a showtime again.',
  'said.ticketCategoriesGone': 'Some ticket categories are no longer sold. Choose the tickets again.',
  'said.roomGone': 'That room is not offered by this hotel any more. Choose a room again.',

  // ---- a hotel stay (shared/stay.ts: the screen and the sale check the same rules) ----
  'said.stay.checkInPast': 'Check-in cannot be in the past.',
  'said.stay.checkOutAfter': 'Check-out must be at least one night after check-in.',
  'said.stay.roomsMin': 'Book at least one room.',
  'said.stay.guestsMin': 'At least one guest is needed.',
  'said.stay.roomUnavailable': 'This room type is not available.',
  'said.stay.roomsLeft': '{count, plural, one {Only # room is} other {Only # rooms are}} left of this type.',
  'said.stay.tooMany': '{guests} guests need more space: this room takes {perRoom} per room, so book {rooms} rooms or choose a bigger room.',

  // ---- giving money back (voids and refunds) and a supervisor's approval ----
  'said.refund.kioskNever': 'Money is never given back at this kiosk. Please see the front desk with your sale reference {reference}.',
  'said.refund.noSaleHere': 'There is no sale {sale} on this till. Money for a sale made on another till is given back there.',
  'said.refund.otherTerminal': 'Sale {sale} was made on terminal {terminal}. Money for it is given back on that terminal.',
  'said.refund.notSettled': 'The partner has not said yet whether this sale went through, so no money can be given back. Settle it first under Staff, Needs attention.',
  'said.refund.nothingPaid': 'Nothing was paid for this sale, so there is nothing to give back.',
  'said.refund.nothingLeft': 'Everything paid for this sale has already been given back.',
  'said.refund.useRefund': 'This sale went through, so its money is given back with a refund, not a void.',
  'said.refund.useVoid': 'The partner rejected this sale, so its money is given back with a void, not a refund.',
  'said.refund.justGivenBack': 'Money was given back for this sale a moment ago. Look at what is left and try again.',
  'said.refund.justGivenBackBy': 'Money was given back for this sale a moment ago ({kind, select, void {void} other {refund}} of {amount} approved by {name}). Look at what is left and try again.',
  'said.refund.notPaidThatWay': 'This sale was not paid by {tender, select, cash {cash} card {card} other {bank transfer}}, so it cannot be given back that way.',
  'said.refund.allGivenBack': 'Everything paid by {tender, select, cash {cash} card {card} other {bank transfer}} for this sale has already been given back.',
  'said.refund.moreThanLeft': 'That is more than is left to refund on this sale.',
  'said.refund.moreThanItems': 'A refund cannot be more than the price of the items it takes back ({amount}).',
  'said.refund.moreThanPaidBy': 'That is more than is left of what was paid by {tender, select, cash {cash} card {card} other {bank transfer}} ({amount}).',
  'said.refund.cardFirst': 'Give the card money back on the card terminal first, then enter its approval code.',
  'said.refund.transferFirst': 'Send the bank transfer first, then enter its reference.',
  'said.refund.drawerShort': 'The drawer should only hold {amount}, less than this cash refund. Give it back another way, or put cash in first.',
  'said.approve.ownPin': 'Your own PIN cannot approve {action, select, void {a void} noSale {opening the drawer without a sale} cashOut {taking cash out of the drawer} other {a refund}} you ask for. Ask another supervisor to enter their PIN.',
  'said.approve.cashier': '{name} is a cashier. Only a supervisor can approve {action, select, void {a void} noSale {opening the drawer without a sale} cashOut {taking cash out of the drawer} other {a refund}}.',
  'said.approve.locked': "That PIN is not right. After too many wrong PINs, {name}'s PIN is locked for {seconds, plural, one {# second} other {# seconds}}.",
  'said.approve.notTheirPin': "That is not {name}'s PIN. {action, select, noSale {The drawer was not opened} cashOut {No cash was taken out} other {Nothing was given back}}; try again.",

  // ---- what the receipt printer says about itself (the status strip, Staff → Printer) ----
  'said.printer.ready': 'The printer is ready.',
  'said.printer.paperLow': 'The printer is ready, but the paper roll is nearly finished: have a new roll at hand.',
  'said.printer.coverOpen': "The printer's cover is open. Close it firmly; printing carries on by itself.",
  'said.printer.paperOut': 'The printer is out of paper. Load a new roll and close the cover; printing carries on by itself.',
  'said.printer.error': 'The printer reports an error (paper jam, cutter or overheating). Open the cover, clear any paper, close it; if it persists, switch the printer off and on.',
  'said.printer.offline': 'The printer says it is offline. Check its lights, the cover and the paper.',

  // ---- a printer the till cannot reach or use (the status strip, Staff → Printer) ----
  'said.printer.unreachable':
    'The receipt printer at {where} cannot be reached ({why, select, refused {it refused the connection} deadline {no answer within {wait, number} s} other {{detail}}}). Check it is switched on and its network cable is in.',
  'said.printer.noStatusAnswer':
    'The printer at {where} accepts connections but did not answer the status query within {wait, number} s. It may be busy or jammed, or set up as the wrong type (this till speaks {type}). If it never answers (a plain print server), choose No for Ask the printer for its status under Settings.',
  'said.printer.notAsked':
    'The printer at {where} takes connections. It is not asked for its status (Settings → Ask the printer for its status: No), so paper out or an open cover cannot be seen from here.',
  'said.printer.badSetting': 'The printer setting "{setting}" cannot be used: {why}. Fix it in the settings.',
  'said.printer.fileReady': 'Receipts {exists, select, yes {are} other {will be}} written to {target}.',
  'said.printer.fileCannotWrite': '{target} cannot be written ({detail}).',
  'said.printer.fileCannotCreate': '{target} cannot be created ({detail}). Check the printer setting.',
  'said.printer.previewCannotSave': 'Receipt previews cannot be saved in {folder} ({detail}).',
  'said.printer.garbled': 'The printer answered the status query with bytes we do not understand ({bytes}). Check the printer type (EPSON or STAR) in the settings.',
  'said.printer.osUnsupported': 'Printing to a printer by name (printer:{name}) needs CUPS, which Windows does not have. Set the printer as tcp://address:9100 or file: instead.',
  'said.printer.osNoStatusCommand': 'Cannot ask CUPS about printer {name}: `{command}` is not installed.',
  'said.printer.osSlow': 'CUPS did not say how printer {name} is within {wait, number} s.',
  'said.printer.osUnknown': 'CUPS does not know printer {name}: {detail}.',
  'said.printer.osPaused': 'Printer {name} is paused in CUPS: {detail}',
  'said.printer.osReady': 'Printer {name} accepts jobs (CUPS cannot tell whether it has paper).',

  // ---- why a receipt did not print (the sale's receipt line, Staff → Printer) ----
  'said.print.notSent': 'The receipt was not sent.',
  'said.print.noAnswer': "The printer at {where} did not answer within {wait, number} s, so the receipt was not sent. Check the printer's lights, paper and cover.",
  'said.print.stoppedTaking':
    'The printer at {where} stopped taking the receipt ({why, select, deadline {not confirmed within {wait, number} s} other {{detail}}}). Part of it may have printed: check the printer before printing it again.',
  'said.print.stoppedDuring':
    'The printer at {where} stopped while printing this receipt: {stopped, select, paperOut {it ran out of paper} coverOpen {its cover was opened} other {it went offline}}. Part of it may have printed.',
  'said.print.notFinished': 'The printer did not finish within {wait, number} s. Part of it may have printed.',
  'said.print.notSentAgain': 'It is not sent again: check the printer, and if the receipt is missing or cut short, use Print again (it prints a COPY).',
  'said.print.tryUnfinished': 'The till could not finish this try.',
  'said.print.interrupted': 'Lobby POS stopped while this was printing; check the printout and reprint if it is missing.',
  'said.print.previewSlow': 'Saving the receipt preview took longer than {wait, number} s. The disk may be full or very slow.',
  'said.print.previewNotSaved': 'The receipt preview could not be saved ({detail}). Check the disk has space.',
  'said.print.fileSlow': 'Writing the receipt to {target} did not finish within {wait, number} s. Check the printer is on; it may still print.',
  'said.print.fileNotWritten': 'The receipt could not be written to {target} ({detail}). Check the printer setting and that the printer is connected.',
  'said.print.osNoCups': 'Printing to printer:{name} needs CUPS (the `{command}` command), which is not installed here. Install CUPS or set the printer as tcp://address:9100.',
  'said.print.osSlow': 'The print system did not take the receipt within {wait, number} s. Check printer {name}; the receipt may still print.',
  'said.print.osRefused': 'Printer {name} did not take the receipt: {detail}. Check the printer name in the settings.',

  // ---- what became of a sale whose answer the till did not get (a restart, a lost answer): the sale's screen ----
  'said.sale.interrupted': 'The till stopped before this sale was sent to the partner, so nothing was charged.',
  'said.sale.noRecord': 'The partner has no record of this sale, so nothing was charged. Give back any payment taken for it.',
  'said.sale.noRecordPaidAtTerminal': 'The partner has no record of this sale, so it was not booked and the partner charged nothing. The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand.',
  'said.sale.waiting': 'The partner has no record of this sale yet; it may still be on its way. The till keeps checking: do not sell it again.',
  'said.sale.cannotAsk': 'The partner could not be asked what became of this sale. The till keeps checking: do not sell it again.',
  'said.sale.unreachable': "The partner is not answering the till's questions about this sale ({problem}). The till asks again every few seconds and settles the sale as soon as the partner answers. Do not sell it again.",
  'said.sale.contradicted': 'The partner answers, but its answer does not settle this sale ({problem}). The till keeps asking; if that does not change, a supervisor can settle it by hand under Staff → Sales after checking with the partner. Do not sell it again.',
  'said.sale.noRecordYet': 'The partner has no record of this sale yet; it may still be on its way. The till keeps asking until {time} (Lagos time); if the partner still has no record then, the sale is marked not completed and the partner charges nothing. Do not sell it again.',

  // ---- a card sale at the till's own terminal that did not happen: the sale's screen ----
  'said.sale.cardAbandoned': 'Cancelled before it was paid. Nothing was charged.',
  'said.sale.cardAbandonedAfterPayment': 'Cancelled after the card was charged. The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand.',
  'said.sale.cardHoldLapsed': 'The seats held for this sale ran out while it was being paid. Nothing was charged. Hold the seats again and start a new sale.',
  'said.sale.cardForgotten': 'This sale can no longer be paid on this till. Nothing was charged. Start a new sale.',
  'said.sale.cardInterruptedAfterPayment': 'The till stopped after the card was charged but before the sale was booked. The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand.',
  /** The partner refused a sale paid at the terminal: its own reason first, as it came. */
  'said.sale.refusedCardBack': '{reason} The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand.',
  'said.sale.notRecorded': 'The journal could not record that this sale was being sent, so it was not sent. Nothing was charged.',

  // ---- a sale settled by hand (a supervisor, after checking with the partner) ----
  'said.noSuchSale': "There is no sale {sale} on this till.",
  'said.handOnlyUnknown': "Only a sale whose outcome is unknown can be settled by hand. This one is {state, select, confirmed {already completed} rejected {already marked not completed} other {still being sent: wait a moment}}.",
  'said.handReferenceTaken': "Reference {reference} already completes sale {sale} on this till. Check the reference with the partner.",
  'said.handPartnerDisagrees': "The partner says reference {reference} is not this sale. Check the reference with the partner: nothing was changed.",
  'said.handPartnerFailed': "The partner says transaction {reference} did not go through. Check with the partner: nothing was changed.",
  'said.handPartnerHoldsIt': "The partner holds this sale (reference {reference}), so it is now completed, not marked as not completed.",

  // ---- a refused card, by the network's response code (electron/payments/decline-reasons.ts) ----
  'said.decline.05': 'The bank declined this card. Try another card.',
  'said.decline.51': 'There is not enough money on this card. Try another card.',
  'said.decline.55': 'The PIN was wrong. Try again and enter the PIN carefully.',
  'said.decline.91': 'The bank behind this card could not be reached. Try again in a moment, or use another card.',
  'said.decline.54': 'This card has expired. Try another card.',
  'said.decline.61': 'This payment is over the card’s limit. Try another card.',
  'said.decline.75': 'Too many wrong PINs: this card is locked for now. Try another card.',
  'said.decline.CR': 'The card was taken out too early. Try again and leave it in until the terminal says so.',

  // ---- why card payments cannot be taken here (a kiosk without a terminal, a key missing) ----
  'said.terminal.kioskNone': 'This kiosk cannot take payments: no card terminal is set up on it. Please pay at the counter.',
  'said.terminal.simulatedLive': 'The simulated terminal takes no real money, so it only runs in training mode. Set payments.terminal to paystack:TERMINAL_ID, or none.',
  'said.terminal.noCustomer': 'Card payments are not set up yet: payments.paystackCustomer needs the Paystack customer code card payments are raised for.',
  'said.terminal.noSecret': 'Card payments are not set up yet: the Paystack secret key is missing ({env}, or the file {file} in the data folder).',
  'said.terminal.badSecret': 'Card payments are not set up yet: the Paystack secret key cannot be used ({reason}).',

  // ---- the back office: settings, head office, set-aside journals, reports, print jobs, receipts, corrections of another sale ----
  'said.dayRangeReversed': 'The first day must not be after the last.',
  'said.settings.fileInvalid': 'The saved settings file is not valid.',
  'said.settings.notValid': 'Some settings are not valid; nothing was saved.',
  'said.settings.notSaved': 'The settings could not be saved on this computer; nothing was changed.',
  'said.settings.urlFirst': 'Save the partner URL first: the API key is only ever sent to that partner.',
  /** `{env}` is the environment variable's name (POS_PAYSTACK_SECRET_KEY). */
  'said.settings.paystackFromEnv': 'The Paystack secret key is given by {env} when the till starts; change it there.',
  'said.settings.tillNumberFixed': 'This till has recorded shifts as {id}: its number cannot change any more.',
  'said.settings.tillNumberPending': 'This till becomes {to} (instead of {from}) when Lobby POS restarts: restart it before opening a shift, so the shift is recorded under the new number.',
  'said.settings.cannotRestart': 'This till cannot restart by itself here: close Lobby POS and open it again.',
  'said.settings.restartRefused': 'Lobby POS cannot start on the saved settings, so it was not restarted: {reason}',
  'said.settings.partnerUntestable': 'Some partner settings cannot be tested as they are.',
  // Where the partner API key goes, or why it must be entered again (the settings screen, under the key).
  'said.settings.keyTraining': 'Training mode: the built-in sandbox needs no API key. A key can be entered once a partner URL is saved.',
  /** `{origin}` is the partner's address (https://partner.example). */
  'said.settings.keyGoesTo': 'The API key is sent only to {origin}. Changing the partner URL asks for the key again.',
  'said.settings.keyNone': 'No partner API key is set. A supervisor enters it in the settings.',
  /** `{env}` is POS_API_KEY. */
  'said.settings.keyEnvAtStartOnly': '{env} is sent only to a partner URL given when the till starts (POS_PARTNER_URL or --partner-url). Enter the API key in the settings for {origin}.',
  'said.settings.keyOtherPartner': 'The API key was entered for {bound}, and the partner is now {origin}. Enter the API key again for the new partner.',
  'said.settings.keyUnbound': 'The stored API key is not bound to a partner. Enter it again for {origin}.',
  // Why the till, as saved, will not take cards after the restart (the settings screen, under the card terminal).
  'said.settings.cardsKioskNone': 'As saved, this kiosk will sell nothing after the restart: a kiosk takes only cards, and no card terminal is chosen. Choose the Paystack Terminal (or, in training, the training terminal).',
  'said.settings.cardsSimulatedLive': 'As saved, the till will refuse every card payment after the restart: the training terminal takes no real money, and the partner is a live one. Choose the Paystack Terminal or a separate card machine.',
  'said.settings.cardsNoCustomer': 'As saved, card payments will be refused after the restart until the Paystack customer code is filled in.',
  'said.settings.cardsNoSecret': 'Card payments will be refused until the Paystack secret key is saved below.',
  'said.setup.noJournal': 'No sale journal is set up on this till, so selling is paused. Restart Lobby POS; if it persists, call support.',
  'said.setup.noPrinter': 'No receipt printer is set up on this till. Restart Lobby POS; if it persists, call support.',
  'said.payments.noDrivenTerminal': 'This till has no card terminal it drives: card payments are taken on a stand-alone machine.',
  'said.payments.noSimulator': 'There is no simulated terminal on this till: it only runs in training mode.',
  'said.payments.notWaiting': 'Sale {sale} is {state, select, sent {sent} confirmed {confirmed} rejected {rejected} other {unknown}}: it is not waiting to be paid.',
  'said.payments.alreadyCharging':
    'Sale {sale} already has a card payment that is {state, select, started {started} approved {approved} reversing {reversing} reversed {reversed} other {unknown}}: it is never charged twice.',
  'said.payments.noSuchPayment': 'There is no card payment {reference} in the journal.',
  'said.fleet.notConnected': 'This till is not connected to head office. A supervisor can set fleet.databaseUrl to see every terminal.',
  'said.fleet.passwordNotStored': 'The password could not be stored on this till; nothing was changed.',
  'said.fleet.unreachable': 'Head office’s database cannot be reached from this till right now. Try again in a moment.',
  'said.fleet.unreadable': 'Head office’s figures could not be read. Try again; if it persists, call support.',
  'said.salvage.noSuchFile': 'There is no set-aside journal called {name}.',
  'said.salvage.cannotOpen': 'The set-aside journal file cannot be opened; it may have been moved or deleted.',
  'said.salvage.closed': 'The set-aside journal has been closed.',
  'said.noZReport': 'There is no Z report number {number} on this till.',
  'said.noSuchShift': 'There is no shift {number} in the journal.',
  'said.correction.ofAnotherSale': 'Void or refund {correction} belongs to another sale.',
  'said.correction.noneHere': 'There is no void or refund {correction} on this till.',
  'said.correction.noTerminalNow': 'No integrated card terminal is set up on this till now, so it cannot be asked. Set the terminal up again, or call support.',
  'said.correction.openShift': 'Open a shift before giving money back.',
  'said.cancellation.noneOwed': 'There is no cancellation owed for that refund.',
  'said.cancellation.already': 'This cancellation is already {state, select, agreed {agreed} other {closed}}.',
  'said.printJob.none': 'There is no print job {job}.',
  'said.printJob.notOfSale': 'Sale {sale} has no print job {job}.',
  'said.printJob.wrongState':
    'Print job {job} is {state, select, queued {queued} printing {printing} printed {printed} other {failed}}; it cannot be {action, select, markPrinted {marked printed} markFailed {marked failed} putBack {put back untried} printNow {printed now} other {replaced by a copy}}.',
  'said.printJob.mayBeOnPaper': 'Print job {job} may already be on paper, so it is not sent again: print a copy instead.',
  'said.printJob.notReprintable': 'Print job {job} cannot be printed again: what it printed is not readable in the journal.',
  'said.printJob.unreadable': 'Print job {job} cannot be printed: what it should print is not readable in the journal. Print it again from the sale or the report.',
  'said.printJob.reportNotLaidOut': 'This shift report cannot be laid out for printing. Call support; the figures on screen are not affected.',
  'said.receipt.noOriginal': 'Sale {sale} has no original receipt yet, so there is nothing to copy.',
  'said.receipt.notConfirmed': 'Sale {sale} is {state, select, pending {pending} sent {sent} rejected {rejected} other {unknown}}, not confirmed, so it has no receipt.',
  'said.receipt.noReference': 'Sale {sale} has no partner reference yet, so its receipt cannot be printed. Ask a supervisor to check the sale.',
  /** `{part}`: `sold` (what was sold), `details` (its details), or the path of the unreadable field. */
  'said.receipt.unreadable':
    "The journal's record of sale {sale} cannot make a receipt ({part, select, sold {what was sold} details {its details} other {{part}}} is missing or not readable). Call support; the sale itself is not affected.",

  // ---- the sale journal cannot be written, and a failure inside the till ----
  'said.journal.diskFull': 'The sale journal cannot be written, so selling is paused. The disk is full. Free some space on this computer (or ask a supervisor to), then try again.',
  'said.journal.folderReadOnly': "The sale journal cannot be written, so selling is paused. The journal's folder is read-only. Ask a supervisor to check the data folder's permissions, then restart Lobby POS.",
  'said.journal.fileReadOnly': 'The sale journal cannot be written, so selling is paused. The journal file is read-only. Ask a supervisor to check the data folder and its permissions, then restart Lobby POS.',
  'said.journal.busy': 'The sale journal cannot be written, so selling is paused. Another program is holding the journal (is Lobby POS open twice?). Close it and try again.',
  'said.journal.cantOpen': 'The sale journal cannot be written, so selling is paused. The journal file cannot be opened. Ask a supervisor to check that the data folder exists and can be written.',
  'said.journal.diskError': 'The sale journal cannot be written, so selling is paused. The disk reported an error. Ask a supervisor to check the disk, then restart Lobby POS.',
  'said.journal.noMemory': 'The sale journal cannot be written, so selling is paused. This computer is out of memory. Restart Lobby POS.',
  'said.journal.storageError': 'The sale journal cannot be written, so selling is paused. An unexpected storage error happened. Restart Lobby POS; if it happens again, call support.',
  'said.journal.unexpected': 'The sale journal cannot be written, so selling is paused. An unexpected error happened in the journal. Restart Lobby POS; if it happens again, call support.',
  'said.answerNotRecorded':
    '{confirmed, select, yes {The partner confirmed this sale (reference {reference}), but} other {The partner answered, but}} the journal could not record it. Do not sell it again: the till will check with the partner.',
  'said.detailsInvalid': 'Some details are missing or not valid.',
  'said.internal': 'Something went wrong inside the till and the action was not completed. Try again; if it keeps happening, call a supervisor.',
} as const;

export type SentenceKey = keyof typeof errorSentences;
export const sentenceKeys = Object.keys(errorSentences) as [SentenceKey, ...SentenceKey[]];

/** What fills a sentence's placeholders: names, numbers, and money already written out. */
export type SentenceValues = Record<string, string | number>;

/**
 * Each sentence is parsed once, on first use: making an IntlMessageFormat parses the message and
 * resolves its locale, which was most of the cost of answering a refused request (a fuzz of
 * 600,000 requests spent 12 of its 74 CPU seconds there). A parsed message formats any values.
 */
const parsedSentences = new Map<SentenceKey, IntlMessageFormat>();

/** A sentence in English (Nigeria), for `PosError.message`. */
export function sentenceInEnglish(key: SentenceKey, values: SentenceValues = {}): string {
  let parsed = parsedSentences.get(key);
  if (!parsed) parsedSentences.set(key, (parsed = new IntlMessageFormat(errorSentences[key], 'en-NG')));
  return String(parsed.format(values));
}
