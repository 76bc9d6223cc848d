"""The "Run on" row: batches on this computer or on a Dask cluster (remembered).

The row is for people who installed the cluster extra (``distributed``): it sits
under an "Advanced" fold, collapsed unless the cluster was the last choice, and
without the extra the whole bar stays hidden and batches run here.
"""

from __future__ import annotations

import importlib.util

from PySide6.QtCore import QSettings, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .cluster_link import ClusterLink

THIS_COMPUTER = 0
DASK_CLUSTER = 1
DEFAULT_ADDRESS = "tcp://127.0.0.1:8786"
#: QSettings keys.
RUN_ON_KEY = "stats/run_on"
ADDRESS_KEY = "stats/cluster_address"


def cluster_extra_installed() -> bool:
    """True when the cluster extra (``distributed``) is installed here.

    It is looked up, not imported: importing Dask takes seconds, and only a
    connection needs it.
    """
    return importlib.util.find_spec("distributed") is not None


def _settings() -> QSettings:
    from tictactoe_qt.gui.settings_store import SettingsStore

    return SettingsStore().settings


class RunOnBar(QWidget):
    """Where batches run; connects to the cluster off the GUI thread and shows what it offers.

    Hidden, and always on this computer, when the cluster extra is not installed
    (:func:`cluster_extra_installed`); otherwise folded under "Advanced".
    """

    #: The choice changed (the panel re-checks what Simulate would do).
    changed = Signal()

    def __init__(self, link: ClusterLink | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runOnBar")
        #: The cluster extra is installed: the bar is offered at all.
        self.available = cluster_extra_installed()
        self.link = link or ClusterLink(self)
        self.fold_button = QToolButton(objectName="runOnFold", text=self.tr("Advanced"))
        self.fold_button.setCheckable(True)
        self.fold_button.setAutoRaise(True)
        self.fold_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.fold_button.setToolTip(self.tr("Where batches run: this computer or a Dask cluster"))
        self.body = QWidget(objectName="runOnBody")
        self.place_box = QComboBox(objectName="runOnPlace")
        self.place_box.addItems([self.tr("This computer"), self.tr("Dask cluster at")])
        self.place_box.setAccessibleName(self.tr("Run batches on"))
        self.address_edit = QLineEdit(objectName="runOnAddress")
        self.address_edit.setPlaceholderText(DEFAULT_ADDRESS)
        self.address_edit.setToolTip(
            self.tr(
                "A Dask scheduler (tcp://host:8786), or local:N for "
                "N worker processes here; needs "
                "pip install 'tictactoe-qt[cluster]'"
            )
        )
        self.connect_button = QPushButton(self.tr("Connect"), objectName="runOnConnect")
        self.status_label = QLabel(objectName="runOnStatus")
        # Wrapped, and as tall as it needs: it changes only on (dis)connecting.
        self.status_label.setWordWrap(True)
        self.status_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Run on:")))
        row.addWidget(self.place_box)
        row.addWidget(self.address_edit, 1)
        row.addWidget(self.connect_button)
        inner = QVBoxLayout(self.body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(2)
        inner.addLayout(row)
        inner.addWidget(self.status_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.fold_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.body)
        self.fold_button.toggled.connect(self.set_unfolded)
        self._restore()
        # Open when the cluster was the last choice: its connection is then worth seeing.
        self.set_unfolded(self.on_cluster())
        self.setVisible(self.available)
        self.place_box.currentIndexChanged.connect(self._on_place_changed)
        self.address_edit.returnPressed.connect(self.connect_now)
        self.connect_button.clicked.connect(self.connect_now)
        self.link.connected.connect(self._on_connected)
        self.link.failed.connect(self._on_failed)
        self._show_place()

    @Slot(bool)
    def set_unfolded(self, unfolded: bool) -> None:
        """Show the "Run on" row (True) or fold it under "Advanced"."""
        self.fold_button.setChecked(unfolded)
        self.fold_button.setArrowType(Qt.ArrowType.DownArrow if unfolded else Qt.ArrowType.RightArrow)
        self.body.setVisible(unfolded)

    def is_unfolded(self) -> bool:
        return not self.body.isHidden()

    def on_cluster(self) -> bool:
        return self.place_box.currentIndex() == DASK_CLUSTER

    def address(self) -> str:
        return self.address_edit.text().strip() or DEFAULT_ADDRESS

    def problem(self) -> str | None:
        """Why a batch can't run where chosen (None when it can)."""
        if not self.on_cluster() or self.link.pool() is not None:
            return None
        if self.link.address and self.status_label.text():
            return str(self.status_label.text())
        return self.tr("Not connected to the Dask cluster: press Connect")

    @Slot()
    def connect_now(self) -> None:
        if not self.on_cluster():
            self.place_box.setCurrentIndex(DASK_CLUSTER)  # connects
            return
        self._remember()
        self.status_label.setText(self.tr("Connecting to %s…") % self.address())
        self.connect_button.setEnabled(False)
        self.link.connect_to(self.address())
        self.changed.emit()

    def _restore(self) -> None:
        settings = _settings()
        self.address_edit.setText(str(settings.value(ADDRESS_KEY, "") or ""))
        chosen = self.available and settings.value(RUN_ON_KEY, "") == "cluster"
        place = DASK_CLUSTER if chosen else THIS_COMPUTER
        self.place_box.setCurrentIndex(place)
        if place == DASK_CLUSTER:
            self.connect_now()

    def _remember(self) -> None:
        settings = _settings()
        settings.setValue(RUN_ON_KEY, "cluster" if self.on_cluster() else "this computer")
        settings.setValue(ADDRESS_KEY, self.address_edit.text().strip())

    @Slot(int)
    def _on_place_changed(self, _index: int) -> None:
        self._show_place()
        if self.on_cluster():
            self.connect_now()
        else:
            self._remember()
            self.link.disconnect_cluster()
            self.status_label.clear()
            self.changed.emit()

    def _show_place(self) -> None:
        self.address_edit.setEnabled(self.on_cluster())
        self.connect_button.setEnabled(self.on_cluster())
        self.status_label.setVisible(self.on_cluster())

    @Slot(object)
    def _on_connected(self, info: object) -> None:
        dashboard = getattr(info, "dashboard", None)
        text = self.tr("Connected: %s") % info
        self.status_label.setText(text + (self.tr("; dashboard %s") % dashboard if dashboard else ""))
        self.connect_button.setEnabled(True)
        self.changed.emit()

    @Slot(str)
    def _on_failed(self, error: str) -> None:
        self.status_label.setText(error)
        self.connect_button.setEnabled(True)
        self.changed.emit()

    def shutdown(self) -> None:
        self.link.shutdown()
