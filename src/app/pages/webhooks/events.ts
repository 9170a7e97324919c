/** The translation key of an event's name: record.sent_back → WH.EV_SENT_BACK. */
export const eventLabelKey = (event: string) => `WH.EV_${(event.split('.')[1] ?? event).toUpperCase()}`;
