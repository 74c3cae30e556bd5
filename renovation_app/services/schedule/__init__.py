"""The schedule: appointments and the people on them (appointments.py), New York time
(times.py), the free windows a visitor may book (windows.py), a visit booked online
(booking.py), calendars as files (calendars.py) and "On my way" by text (on_my_way.py)."""
