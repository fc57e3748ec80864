import { CalendarWidget } from './calendar-widget.tsx';

export { CalendarWidget };
export default CalendarWidget;
