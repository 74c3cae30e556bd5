"""The staff schedule's calendar: FullCalendar's React component with its MIT-licensed plugins
(time grid for days and weeks, day grid for the month, interaction for selecting and dragging,
luxon3 for New York time whatever zone the browser is in). Its resource-timeline views (a row
per person) are commercial, so people are told apart by colour and by name on each event.

Hand-wrapped like signature_pad.py: a small React function component in the page's custom code.
The calendar is drawn in the browser only (after mounting: it measures the page), and it tells
the server what the user did; the server's answer (the events again) is what it shows, so a
move the server refuses snaps back. Each event shows its hours as the server words them ("1:30
am EST - 2:30 am"), so the two 1:30s of November's Sunday are told apart; the day columns span
the hours the server asks for (the working day, or more when an appointment is outside it); the
calendar goes to `opensAt` when it mounts and again whenever the page's load changes it."""

import reflex as rx
from reflex.event import passthrough_event_spec

# Exact versions, as the other wrappers pin theirs; every plugin of the same 6.1 line.
FULLCALENDAR = "@fullcalendar/react@6.1.22"
CORE = "@fullcalendar/core@6.1.22"
TIME_GRID = "@fullcalendar/timegrid@6.1.21"
DAY_GRID = "@fullcalendar/daygrid@6.1.22"
INTERACTION = "@fullcalendar/interaction@6.1.22"
LUXON_PLUGIN = "@fullcalendar/luxon3@6.1.21"
LUXON = "luxon@3.7.2"

CALENDAR_JS = """
function RenovationCalendar({ events, initialView, opensAt, gridStarts, gridEnds, onSelectRange,
                              onMove, onOpen, onDatesChange, className, ...rest }) {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  // A tab that comes back to the page mounts with the day it last opened at; the load's answer
  // (today, or the address's day) moves it there.
  const calendar = React.useRef(null);
  React.useEffect(() => {
    const api = calendar.current && calendar.current.getApi();
    if (api && opensAt) api.gotoDate(opensAt);
  }, [opensAt, mounted]);
  // The latest handlers, read when something happens (the calendar is made once).
  const handlers = React.useRef({});
  handlers.current = { onSelectRange, onMove, onOpen, onDatesChange };
  const call = (name, ...args) => handlers.current[name] && handlers.current[name](...args);
  const moved = (info) => {
    call("onMove", info.event.id, info.event.startStr, info.event.endStr);
    info.revert(); // the server's events, sent back, show where it really is
  };
  const shown = (events || []).map((e) => ({
    id: e.id, title: e.title + (e.people_names ? " · " + e.people_names : ""), start: e.start,
    end: e.end, backgroundColor: e.colour, borderColor: e.clash ? "#dc2626" : e.colour,
    classNames: e.clash ? ["renovation-clash"] : [], extendedProps: { when: e.when },
  }));
  // The server's words for the hours (FullCalendar's own would show both 1:30s as "1:30");
  // while dragging, FullCalendar's, which follow the pointer.
  const content = (arg) => (
    <div className="fc-event-main-frame">
      <div className="fc-event-time">
        {arg.isMirror || !arg.event.extendedProps.when ? arg.timeText : arg.event.extendedProps.when}
      </div>
      <div className="fc-event-title-container">
        <div className="fc-event-title fc-sticky">{arg.event.title}</div>
      </div>
    </div>
  );
  if (!mounted) return <div className={className} {...rest} />;
  return (
    <div className={className} {...rest}>
      <FullCalendar
        ref={calendar}
        plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin, luxon3Plugin]}
        timeZone="America/New_York"
        initialView={initialView || (window.innerWidth < 640 ? "timeGridDay" : "timeGridWeek")}
        initialDate={opensAt || undefined}
        headerToolbar={window.innerWidth < 640
          ? { left: "prev,next today", center: "title", right: "timeGridDay,timeGridWeek" }
          : { left: "prev,next today", center: "title",
              right: "timeGridDay,timeGridWeek,dayGridMonth" }}
        buttonText={{ today: "Today", day: "Day", week: "Week", month: "Month",
                      prev: "Previous", next: "Next" }}
        buttonIcons={false}
        firstDay={1}
        slotMinTime={gridStarts || "06:00:00"}
        slotMaxTime={gridEnds || "21:00:00"}
        allDaySlot={false}
        nowIndicator={true}
        selectable={true}
        selectMirror={true}
        editable={true}
        height="auto"
        events={shown}
        eventContent={content}
        select={(info) => call("onSelectRange", info.startStr, info.endStr)}
        eventDrop={moved}
        eventResize={moved}
        eventClick={(info) => call("onOpen", info.event.id)}
        datesSet={(info) => call("onDatesChange", info.startStr, info.endStr, info.view.type)}
      />
    </div>
  );
}
"""


class ScheduleCalendar(rx.Component):
    """The calendar; the page's state holds its events and answers what the user does."""

    tag = "RenovationCalendar"
    lib_dependencies: list[str] = [
        FULLCALENDAR,
        CORE,
        TIME_GRID,
        DAY_GRID,
        INTERACTION,
        LUXON_PLUGIN,
        LUXON,
    ]

    # schedule.week.CalendarEvent, in words.
    events: rx.Var[list[dict]]
    initial_view: rx.Var[str]
    # The day to show: on mounting, and again each time it changes (each load of the page).
    opens_at: rx.Var[str]
    # The hours the day columns span ("06:00:00", "21:00:00"; "24:00:00" is midnight).
    grid_starts: rx.Var[str]
    grid_ends: rx.Var[str]

    # A time range selected (start, end: ISO with New York's offset).
    on_select_range: rx.EventHandler[passthrough_event_spec(str, str)]
    # An appointment dragged or stretched: its id, new start and end.
    on_move: rx.EventHandler[passthrough_event_spec(str, str, str)]
    # An appointment clicked: its id.
    on_open: rx.EventHandler[passthrough_event_spec(str)]
    # The days shown changed: first day, the day after the last, the view's name.
    on_dates_change: rx.EventHandler[passthrough_event_spec(str, str, str)]

    def add_imports(self) -> dict:
        return {
            FULLCALENDAR: [rx.ImportVar(tag="FullCalendar", is_default=True)],
            TIME_GRID: [rx.ImportVar(tag="timeGridPlugin", is_default=True)],
            DAY_GRID: [rx.ImportVar(tag="dayGridPlugin", is_default=True)],
            INTERACTION: [rx.ImportVar(tag="interactionPlugin", is_default=True)],
            LUXON_PLUGIN: [rx.ImportVar(tag="luxon3Plugin", is_default=True)],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        return [CALENDAR_JS]


def schedule_calendar(**props) -> rx.Component:
    return ScheduleCalendar.create(**props)
