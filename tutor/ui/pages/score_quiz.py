from tutor.ui.score_quiz import render

render()
